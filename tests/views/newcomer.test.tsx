// What a new player tripped over on the screens (issue 27): the lobby's rules, lines cut at 80
// columns, contradictory messages, keys in one burst, names alike, words that do not fit, the
// pass screen with one person, the dice roll, and cards outside the draft.
import { Box } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import { classicBoard, type GameState } from '../../src/model/index.js';
import { App } from '../../src/views/app.js';
import { GameOver } from '../../src/views/game-over.js';
import { GameScreen } from '../../src/views/game-screen.js';
import { HostScreen } from '../../src/views/host-screen.js';
import { hotSeatKey, hotSeatRules, initialHotSeatForm } from '../../src/views/hot-seat-setup.js';
import { JoinScreen } from '../../src/views/join-screen.js';
import { NO_KEY } from '../../src/views/keys.js';
import type { Lobby, Opened } from '../../src/views/launcher.js';
import { LobbyList } from '../../src/views/lobby-list.js';
import { leavingText } from '../../src/views/overlays.js';
import { promptText } from '../../src/views/prompt-text.js';
import { describeStats } from '../../src/views/stats-text.js';
import { distinctNames, Table, type TablePlayer } from '../../src/views/table.js';
import { ThemeContext } from '../../src/views/theme.js';
import { beginInput } from '../../src/views/turn-input.js';
import { midGame, scriptedDice } from '../helpers.js';
import { applyAndRecord, fakeLauncher, KEY, play, press, screenMounter, until } from './ink-helpers.js';

const T = Object.fromEntries(classicBoard().territories.map((t) => [t.name, t.id])) as Record<string, number>;
const mount = screenMounter();
const PLAYERS: TablePlayer[] = [
  { id: 0, name: 'Ann', kind: 'you' },
  { id: 1, name: 'Bea', kind: 'remote' },
];

function show(table: Table, size = { columns: 120, rows: 40 }, rollMs = 0) {
  return mount(
    <ThemeContext.Provider value={{ color: false }}>
      <GameScreen table={table} rollMs={rollMs} size={size} onLeave={() => {}} />
    </ThemeContext.Provider>,
  );
}

/** A lobby that stays open until the test ends. */
function openLobby(addresses: string[] = []): Lobby {
  return { addresses, started: new Promise(() => {}), cancel: async () => {} };
}

const fits = (frame: string, columns: number) => {
  for (const line of frame.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(columns);
};

describe('the lobby tells the house rules (point 3)', () => {
  it("the host's lobby: the rules chosen, and a footer on whole lines at 100 and 80 columns", async () => {
    // (ink-testing-library draws 100 columns; a Box narrows it.)
    for (const columns of [100, 80]) {
      const hostGame = vi.fn(
        async (): Promise<Opened> => ({
          ok: true,
          lobby: { ...openLobby(), startNow: () => ({ ok: true }), fillWithBots: async () => ({ ok: true, added: 0 }) },
        }),
      );
      const { lastFrame, unmount } = mount(
        <ThemeContext.Provider value={{ color: false }}>
          <Box width={columns}>
            <HostScreen
              launcher={fakeLauncher({ hostGame })}
              defaultName="Ann"
              players={3}
              open
              rules={{ variant: 'capital', fortify: 'connected' }}
              onStarted={() => {}}
              onBack={() => {}}
            />
          </Box>
        </ThemeContext.Provider>,
      );
      const frame = await until(lastFrame, 'Lobby: 1 of 3 players');
      expect(frame.replace(/\s+/g, ' ')).toContain(
        'Rules: Goal: Capital Risk · Capitals to win: every other capital (2) · Setup: claim territories in turn · Fortify: along your own territories · Card sets: 4, 6, 8, 10, 12, 15, +5',
      );
      expect(frame).toContain('s start now · b bots take the empty seats · Esc close the lobby');
      expect(frame).not.toMatch(/Esc:\s*\n/);
      fits(frame, columns);
      unmount();
    }
  });

  it("a joiner sees the host's rules before the game starts", async () => {
    const joinGame = vi.fn(async (_options, onLobby): Promise<Opened> => {
      onLobby({ type: 'rules', rules: { setup: 'random', cardValues: 'fixed' } });
      onLobby({ type: 'joined', player: { id: 0, name: 'Hana', peerId: 'x', addresses: [] } });
      return { ok: true, lobby: openLobby() };
    });
    const { stdin, lastFrame } = mount(
      <JoinScreen
        launcher={fakeLauncher({ joinGame })}
        defaultName="Ann"
        address="10.0.0.9:7475"
        join
        onStarted={() => {}}
        onBack={() => {}}
      />,
    );
    const frame = await until(lastFrame, "The host's rules:");
    expect(frame.replace(/\s+/g, ' ')).toContain(
      "The host's rules: Goal: world domination · Setup: deal territories at random · Fortify: to a neighbour · Card sets: fixed: 6 / 8 / 10, mixed 10",
    );
    expect(frame).toContain('Hana (host)');
    await press(stdin, KEY.escape);
  });
});

describe('keys in one burst (point 10)', () => {
  it('an address pasted with its Enter joins that address', async () => {
    const joinGame = vi.fn(
      async (_options: { address: string; name: string }): Promise<Opened> => ({
        ok: true,
        lobby: openLobby(),
      }),
    );
    const { stdin, lastFrame } = mount(
      <JoinScreen launcher={fakeLauncher({ joinGame })} defaultName="Ann" onStarted={() => {}} onBack={() => {}} />,
    );
    await until(lastFrame, 'Host address');
    stdin.write('10.0.0.9:7475\r');
    await vi.waitFor(() => expect(joinGame).toHaveBeenCalledTimes(1));
    expect(joinGame.mock.calls[0]![0]).toMatchObject({ address: '10.0.0.9:7475', name: 'Ann' });
  });
});

describe('80 columns (point 8)', () => {
  it('a conquest with long names: the number to move and its range come before the names', () => {
    const state = midGame({ phase: 'capture', owner: (t) => (t === T['Eastern United States'] ? 0 : t % 2) });
    const captured: GameState = {
      ...state,
      armies: state.armies.with(T['Western United States']!, 12),
      pendingCapture: { from: T['Western United States']!, to: T['Eastern United States']!, minimum: 3 },
    };
    const decision = { id: 1, state: captured, player: 0 };
    const title = promptText(decision, beginInput(decision), (p) => `P${p}`).title;
    expect(title.indexOf('(3–11)')).toBeGreaterThan(0);
    expect(title.indexOf('(3–11)') + 6).toBeLessThanOrEqual(74);
  });

  it('the game-over table keeps each player on one line', async () => {
    const table = new Table({
      mode: 'network',
      players: [
        { id: 0, name: 'Bartholomew', kind: 'you' },
        { id: 1, name: 'Maximiliana', kind: 'remote' },
      ],
    });
    const state: GameState = { ...midGame({ owner: () => 0 }), phase: 'over', winner: 0, turn: 137 };
    const players = state.players.map((p) => (p.id === 1 ? { ...p, eliminated: true } : p));
    const final = { ...state, players };
    table.record({ type: 'game', event: { type: 'eliminated', player: 1, by: 0, cardsTaken: 0 }, state: final });
    table.record({ type: 'game', event: { type: 'game_over', winner: 0 }, state: final });
    const { lastFrame } = mount(
      <ThemeContext.Provider value={{ color: false }}>
        <Box width={80}>
          <GameOver view={table.view} state={{ ...state, players }} name={table.nameOf} columns={80} />
        </Box>
      </ThemeContext.Provider>,
    );
    const frame = await until(lastFrame, 'battles fought');
    fits(frame, 80);
    expect(frame).toMatch(/Maximiliana\s+0\s+0\s+0\s+0 out \(turn 137\)/);
  });
});

describe('risk stats in 80 columns (point 8)', () => {
  it('every column, dice luck included, on lines of at most 80; the rest of the detail where it fits', () => {
    const standing = (who: string, luck: number) => ({
      who,
      games: 1234,
      wins: 617,
      winRate: 0.5,
      averageTurns: 123.4,
      territoriesTaken: 9999,
      territoriesLost: 9999,
      setsTraded: 999,
      battles: 123456,
      armiesLost: 40000,
      armiesLostExpected: 40123.4,
      luck,
      winRateOverTime: [0, 0.5, 1, 0.5],
    });
    const report = {
      games: 1300,
      finished: 1234,
      byPlayer: [standing('Bartholomew the Bold', -123.4), standing('Ann', 12.5)],
      byBotKind: [standing('normal', 0.5)],
    };
    const chart = {
      id: 7,
      names: ['Ann', 'Bea'],
      series: {
        turns: [1, 2, 3],
        territories: [
          [21, 21],
          [25, 17],
          [42, 0],
        ],
        armies: [
          [30, 30],
          [40, 20],
          [90, 0],
        ],
      },
    };
    const narrow = describeStats(report, chart, 80);
    for (const line of narrow) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(narrow.find((l) => l.includes('dice luck'))).toMatch(/battles dice luck$/);
    expect(narrow.some((l) => /^ {2}Bartholomew the B… +1234 .* 123456 +-123\.4$/.test(l))).toBe(true);
    const wide = describeStats(report, chart, 140);
    expect(wide.some((l) => l.endsWith('+12.5 (lost 40000 vs 40123.4 expected)'))).toBe(true);
  });
});

describe('messages that contradict the game (point 9)', () => {
  it('leaving a saved quick game says it can be resumed; one that is not saved, that it ends', () => {
    expect(leavingText('quick', true)).toMatch(/saved, and Resume in the menu goes on with it/);
    expect(leavingText('quick', false)).toMatch(/ends: it is not saved/);
    expect(leavingText('quick', true)).not.toMatch(/ends/);
  });

  it('after a game that ended, the menu does not say "You left the game."', async () => {
    const table = new Table({ mode: 'quick', players: PLAYERS });
    const state: GameState = { ...midGame({ owner: () => 0 }), phase: 'over', winner: 0, turn: 3 };
    table.record({ type: 'game', event: { type: 'game_over', winner: 0 }, state });
    const { stdin, lastFrame } = mount(
      <App
        launcher={fakeLauncher({ quickGame: async () => ({ ok: true, table }) })}
        defaultName="Ann"
        onExit={() => {}}
        rollMs={0}
        size={{ columns: 120, rows: 40 }}
      />,
    );
    await until(lastFrame, 'Quick game');
    await press(stdin, KEY.enter);
    await until(lastFrame, 'You win!');
    await press(stdin, KEY.enter);
    const menu = await until(lastFrame, 'Quick game');
    expect(menu).not.toContain('You left the game');
  });
});

describe('names alike are told apart (point 12)', () => {
  it('"Root" and "Root", two "easy bot"s: numbered in seat order, on the table and in the lobby', async () => {
    expect(distinctNames(['Root', 'Root', 'easy bot', 'easy bot', 'easy bot 2'])).toEqual([
      'Root',
      'Root 2',
      'easy bot',
      'easy bot 2',
      'easy bot 2 2',
    ]);
    const table = new Table({
      mode: 'network',
      players: [
        { id: 0, name: 'Root', kind: 'remote' },
        { id: 1, name: 'Root', kind: 'you' },
      ],
    });
    expect([table.nameOf(0), table.nameOf(1)]).toEqual(['Root', 'Root 2 (you)']);
    const { lastFrame } = mount(
      <LobbyList
        players={[
          { id: 0, name: 'Root' },
          { id: 1, name: 'Root' },
        ]}
        seats={2}
        me={0}
      />,
    );
    const frame = await until(lastFrame, 'Root 2');
    expect(frame).toContain('Root (host) (you)');
  });
});

describe('small words (point 13)', () => {
  it('the opening draws are everyone\'s dice round, not "Waiting for Kim to dealing territories"', async () => {
    const table = new Table({ mode: 'network', players: PLAYERS });
    const state = { ...midGame({ options: { setup: 'random' } }), phase: 'deal' as const, turn: 0 };
    table.show(state);
    const frame = await until(show(table).lastFrame, 'Every player rolls the dice together: dealing the territories');
    expect(frame).not.toMatch(/to dealing/);
  });

  it('a player who lost the connection while their move is due is shown as gone, not waited for', async () => {
    const table = new Table({ mode: 'network', players: PLAYERS, moveTimeoutMs: 300_000 });
    table.show(midGame({ phase: 'deploy', current: 1, toDeploy: 3 }));
    const { lastFrame } = show(table);
    await until(lastFrame, 'Waiting for Bea to reinforce');
    table.record({ type: 'info', text: 'lost the connection to Bea' });
    await until(lastFrame, 'Bea disconnected: waiting for them to come back, or to be made neutral');
  });

  it('the hot-seat form has a capitals-to-win row in Capital Risk, within the players there are', () => {
    let form = initialHotSeatForm(
      [
        { name: 'Ann', kind: 'human' },
        { name: 'Bea', kind: 'human' },
        { name: 'Cy', kind: 'easy' },
        { name: 'Di', kind: 'easy' },
      ],
      { variant: 'capital' },
    );
    expect(hotSeatRules(form)).toContain('capitalsToWin');
    const row = form.players.length + hotSeatRules(form).indexOf('capitalsToWin');
    form = { ...form, row };
    form = hotSeatKey(form, '', { ...NO_KEY, rightArrow: true }).form;
    expect(form.rules.capitalsToWin).toBe(1);
    form = hotSeatKey(form, '', { ...NO_KEY, rightArrow: true }).form;
    expect(form.rules.capitalsToWin).toBe(2);
    // Fewer players: a count they cannot reach goes back to the default.
    form = { ...form, rules: { ...form.rules, capitalsToWin: 3 }, row: 0 };
    form = hotSeatKey(form, '-', NO_KEY).form;
    expect(form.rules.capitalsToWin).toBeUndefined();
  });

  it('one person at a hot-seat table: no "pass the keyboard" screen, cards shown in the draft', async () => {
    const table = new Table({
      mode: 'hotseat',
      players: [
        { id: 0, name: 'Ann', kind: 'human' },
        { id: 1, name: 'Bot', kind: 'bot' },
      ],
    });
    void table.ask(midGame({ phase: 'deploy', toDeploy: 3, hands: { 0: [T.Alaska!] } }), 0);
    const frame = await until(show(table).lastFrame, 'Deploy: 3 armies to place');
    expect(frame).not.toContain('Pass the keyboard');
    expect(frame).toMatch(/Alaska \((infantry|cavalry|artillery)\)/);
  });
});

describe("the game's own requirements (point 15)", () => {
  it('cards are shown during your draft only: outside it, how many you hold', async () => {
    const table = new Table({ mode: 'network', players: PLAYERS });
    const hands = { 0: [T.Alaska!, T.Brazil!] };
    const attacking = play(table, midGame({ phase: 'attack', hands }), 0);
    const { lastFrame } = show(table);
    let frame = await until(lastFrame, 'Your cards (2)');
    expect(frame).toContain('shown when you reinforce');
    expect(frame).not.toMatch(/Alaska \((infantry|cavalry|artillery)\)/);
    table.answer(table.view.decision!.id, { command: 'fortify', player: 0, payload: null });
    await attacking;
    void table.ask(midGame({ phase: 'deploy', toDeploy: 3, hands }), 0);
    frame = await until(lastFrame, 'Deploy: 3 armies');
    expect(frame).toMatch(/• Alaska \((infantry|cavalry|artillery)\)/);
  });

  it("your own battle: the dice roll for a moment, then settle; other players' battles show at once", async () => {
    const board = classicBoard();
    const table = new Table({
      mode: 'quick',
      players: [PLAYERS[0]!, { id: 1, name: 'Ada', kind: 'bot' }, { id: 2, name: 'Cy', kind: 'bot' }],
    });
    let state: GameState = midGame({ players: 3, phase: 'attack', armies: { [T.Alaska!]: 5 } });
    table.show(state);
    const { lastFrame } = show(table, { columns: 120, rows: 40 }, 400);
    const enemy = board.adjacency[T.Alaska!]!.find((t) => state.owner[t] !== 0)!;
    state = applyAndRecord(table, state, { command: 'attack', player: 0, payload: [T.Alaska!, enemy, 3] });
    state = applyAndRecord(
      table,
      state,
      { command: 'defend', player: state.owner[enemy]!, payload: 1 },
      scriptedDice([6, 5, 4, 1]),
    );
    await until(lastFrame, 'rolling…');
    await until(lastFrame, /Defender \((Ada|Cy)\) loses 1 army/, 3000);
    // Ada attacks Cy: the result is there in the next frame, with no tumbling.
    const from = state.owner.findIndex((o, t) => o === 1 && board.adjacency[t]!.some((n) => state.owner[n] === 2));
    const to = board.adjacency[from]!.find((n) => state.owner[n] === 2)!;
    const theirs: GameState = {
      ...state,
      phase: 'attack',
      current: 1,
      armies: state.armies.with(from, 4),
      pendingAttack: { from, to, dice: 3 },
      pendingCapture: null,
    };
    const fought = applyAndRecord(
      table,
      { ...theirs, phase: 'defend' },
      { command: 'defend', player: 2, payload: 1 },
      scriptedDice([6, 6, 6, 1]),
    );
    expect(fought.phase).not.toBe('defend');
    const frame = await until(lastFrame, /Defender \(Cy\) loses 1 army/);
    expect(frame).not.toContain('rolling…');
  });
});
