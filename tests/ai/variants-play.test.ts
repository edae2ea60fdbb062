// Every variant and house rule played to a winner by bots: offline (playLocalGame, as tournaments
// play) and in hot seat (LocalSession with bot seats, as the terminal UI plays), each bot decision
// checked against the reducer.
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/ai/bot.js';
import { type BotKind, createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import {
  type Action,
  apply,
  capitalVictory,
  classicBoard,
  type GameEvent,
  type GameState,
  isActive,
  missionComplete,
  type OptionsInput,
} from '../../src/model/index.js';
import { seededDice } from '../../src/protocol/random.js';
import { playLocalGame } from '../../src/sessions/local-game.js';
import { LocalSession } from '../../src/sessions/local-session.js';

type Rules = Omit<OptionsInput, 'players'>;

function checked(bot: Bot, refusals: string[]): Bot {
  const scratch = seededDice(7);
  return {
    kind: bot.kind,
    decide(state: GameState, player: number): Action {
      const action = bot.decide(state, player);
      const result = apply(state, action, scratch);
      if (!result.ok) refusals.push(`${bot.kind} seat ${player}, phase ${state.phase}: ${result.reason}`);
      return action;
    },
  };
}

/** How the game was won, from the final state: the variant's rule, or the last player standing. */
function wonBy(state: GameState): 'capital' | 'mission' | 'domination' | 'last' {
  const w = state.winner!;
  if (state.options.variant === 'mission' && state.missionsRevealed[w] && missionComplete(state, w, state.missions[w]!))
    return 'mission';
  if (state.options.variant === 'capital' && capitalVictory(state, w)) return 'capital';
  if (state.owner.every((o) => o === w)) return 'domination';
  expect(state.players.filter(isActive).map((p) => p.id)).toEqual([w]);
  return 'last';
}

const CASES: [string, BotKind[], Rules][] = [
  ['1993 two players with a neutral army', ['hard', 'easy'], {}],
  ['class-style duel', ['normal', 'random'], { twoPlayer: 'duel' }],
  ['Capital Risk, 2 players and the neutral', ['normal', 'hard'], { variant: 'capital' }],
  ['Capital Risk, 4 players', ['hard', 'normal', 'easy', 'random'], { variant: 'capital' }],
  [
    'Capital Risk, 6 players, own + 2',
    ['hard', 'normal', 'easy', 'random', 'normal', 'easy'],
    { variant: 'capital', capitalsToWin: 2 },
  ],
  ['Secret Mission Risk, 3 players', ['hard', 'normal', 'easy'], { variant: 'mission' }],
  ['Secret Mission Risk, 5 players', ['hard', 'normal', 'easy', 'random', 'hard'], { variant: 'mission' }],
  ['fixed set values', ['hard', 'normal', 'easy', 'random'], { cardValues: 'fixed' }],
  ['connected fortify', ['hard', 'normal', 'easy'], { fortify: 'connected' }],
  ['random deal', ['normal', 'easy', 'hard', 'random'], { setup: 'random' }],
];

describe('offline: every variant and option reaches a winner, by its own rule', () => {
  it.each(CASES)(
    '%s',
    (_name, kinds, rules) => {
      const ends = new Set<string>();
      for (const seed of [1, 2, 3]) {
        const refusals: string[] = [];
        const seats = kinds.map((kind, seat) => checked(createBot(kind, seededDice(seed * 10 + seat)), refusals));
        const result = playLocalGame({
          board: classicBoard(),
          options: { ...rules, players: kinds.length },
          seats,
          dice: seededDice(seed),
          turnCap: 1000,
        });
        expect(refusals).toEqual([]);
        expect(result.capped).toBe(false);
        expect(result.winner).not.toBeNull();
        ends.add(wonBy(result.state));
        if (rules.variant === 'capital')
          expect(result.state.capitals.filter((c) => c >= 0).length).toBeGreaterThanOrEqual(2);
        if (rules.variant === 'mission')
          expect(new Set(result.state.missions.filter((m) => m !== null)).size).toBe(kinds.length);
      }
      if (rules.variant === 'capital') expect(ends.has('capital')).toBe(true);
      if (rules.variant === 'mission') expect(ends.has('mission')).toBe(true);
    },
    60_000,
  );
});

describe('hot seat: bot seats play the variants to a winner through LocalSession', () => {
  it.each(CASES.filter(([, , rules]) => rules.variant !== undefined || rules.twoPlayer === undefined))(
    '%s',
    async (_name, kinds, rules) => {
      const incidents: string[] = [];
      const events: GameEvent[] = [];
      const seats = kinds.map((kind, i) =>
        botSeat(createBot(kind, seededDice(40 + i)), seededDice(80 + i), {
          deadlineMs: 10_000,
          onIncident: (x) => incidents.push(x.reason),
        }),
      );
      const session = new LocalSession({
        board: classicBoard(),
        rules,
        seats,
        dice: seededDice(5),
        onEvent: (event) => {
          if (event.type === 'game') events.push(event.event);
        },
      });
      const result = await session.run();
      expect(incidents).toEqual([]);
      expect(result.winner).not.toBeNull();
      if (rules.variant === 'capital') expect(events.some((e) => e.type === 'capitals_revealed')).toBe(true);
      if (rules.variant === 'mission') expect(events.some((e) => e.type === 'missions_dealt')).toBe(true);
      if (kinds.length === 2 && rules.twoPlayer !== 'duel') expect(result.state.neutralArmy).toBe(2);
    },
    60_000,
  );
});
