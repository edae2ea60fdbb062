import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/ai/bot.js';
import { BOT_KINDS, type BotKind, createBot, createBotNamed, parseBotKind } from '../../src/ai/registry.js';
import {
  type Action,
  apply,
  classicBoard,
  decisionBy,
  drawStep,
  type GameState,
  type OptionsInput,
  startGame,
} from '../../src/model/index.js';
import { seededDice } from '../../src/protocol/random.js';
import { playLocalGame } from '../../src/sessions/local-game.js';

/** Wraps a bot so that every decision is checked against the reducer before the game applies it. */
function checked(bot: Bot, refusals: string[]): Bot {
  const scratch = seededDice(99);
  return {
    kind: bot.kind,
    decide(state: GameState, player: number): Action {
      const action = bot.decide(state, player);
      const result = apply(state, action, scratch);
      if (!result.ok)
        refusals.push(`${bot.kind} seat ${player}, phase ${state.phase}: ${JSON.stringify(action)}: ${result.reason}`);
      return action;
    },
  };
}

function play(kinds: readonly BotKind[], seed: number, options: Omit<OptionsInput, 'players'> = {}, turnCap = 400) {
  const refusals: string[] = [];
  const seats = kinds.map((kind, seat) => checked(createBot(kind, seededDice(seed * 10 + seat)), refusals));
  const actions: Action[] = [];
  const result = playLocalGame({
    board: classicBoard(),
    options: { ...options, players: kinds.length },
    seats,
    dice: seededDice(seed),
    turnCap,
    onAction: (action) => actions.push(action),
  });
  return { result, refusals, actions };
}

describe('every bot decision is legal', () => {
  // Each kind against the others, 2 to 6 seats; playLocalGame throws on a refusal and `checked` records it.
  const lineups: BotKind[][] = [
    ['hard', 'normal'],
    ['easy', 'random', 'hard'],
    ['normal', 'hard', 'easy', 'random'],
    ['hard', 'hard', 'normal', 'easy', 'random'],
    ['random', 'easy', 'normal', 'hard', 'hard', 'normal'],
    ['hard', 'hard', 'hard', 'hard'],
    ['easy', 'easy', 'easy'],
    ['normal', 'normal', 'normal', 'normal', 'normal', 'normal'],
  ];
  it.each(lineups.flatMap((kinds) => [1, 2, 3].map((seed) => [kinds.join(','), seed] as const)))(
    '%s, seed %i',
    (lineup, seed) => {
      const { result, refusals } = play(lineup.split(',') as BotKind[], seed);
      expect(refusals).toEqual([]);
      expect(result.turns).toBeGreaterThan(0);
    },
  );

  // Rule options the class profile and game options change: connected fortify, six-card trades,
  // the territory bonus in the deployment and on every card, no reshuffle, random setup.
  const variants: [string, Omit<OptionsInput, 'players'>][] = [
    ['connected fortify, forced trade at 6', { fortify: 'connected', forcedTradeAt: 6 }],
    [
      'bonus to deploy on each card, no reshuffle',
      { territoryBonus: 'deploy', territoryBonusCards: 'each', emptyDeck: 'none' },
    ],
    ['random setup', { setup: 'random' }],
  ];
  it.each(variants)('%s', (_name, options) => {
    for (const [seed, kinds] of [
      [3, ['hard', 'normal', 'easy', 'random']],
      [4, ['hard', 'hard', 'normal']],
    ] as const) {
      const { refusals } = play(kinds, seed, options);
      expect(refusals).toEqual([]);
    }
  });

  it('with a seat gone neutral mid-game (left or timed out)', () => {
    for (const seed of [5, 6]) {
      const refusals: string[] = [];
      const kinds: BotKind[] = ['hard', 'normal', 'easy', 'hard'];
      const seats = kinds.map((kind, seat) => checked(createBot(kind, seededDice(seed * 10 + seat)), refusals));
      const dice = seededDice(seed);
      const started = startGame(classicBoard(), { players: 4 });
      if (!started.ok) throw new Error(started.reason);
      let state = started.value;
      let left = false;
      while (state.phase !== 'over' && state.turn < 300) {
        if (!left && state.turn === 12) {
          const result = apply(state, { command: 'leave_game', player: 1 }, dice);
          if (!result.ok) throw new Error(result.reason);
          state = result.state;
          left = true;
          continue;
        }
        const actor = decisionBy(state);
        const action = actor === null ? drawStep(state)! : seats[actor]!.decide(state, actor);
        const result = apply(state, action, dice);
        if (!result.ok) throw new Error(result.reason);
        state = result.state;
      }
      expect(left).toBe(true);
      expect(refusals).toEqual([]);
    }
  });
});

describe('bots are deterministic under a seed', () => {
  it.each(BOT_KINDS.map((k) => [k]))('%s: same seeds, same game record; other seeds, another game', (kind) => {
    const lineup: BotKind[] = [kind, kind, 'normal', kind];
    const a = play(lineup, 7).actions;
    const b = play(lineup, 7).actions;
    expect(b).toEqual(a);
    expect(play(lineup, 8).actions).not.toEqual(a);
  });
});

describe('the registry', () => {
  it('knows the four kinds, in any case and with spaces, and names the choices for an unknown one', () => {
    expect(BOT_KINDS).toEqual(['random', 'easy', 'normal', 'hard']);
    for (const kind of BOT_KINDS) {
      expect(parseBotKind(` ${kind.toUpperCase()} `)).toEqual({ ok: true, value: kind });
      expect(createBot(kind, seededDice(1)).kind).toBe(kind);
    }
    const unknown = parseBotKind('expert');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.reason).toMatch(/unknown bot "expert".*random, easy, normal, hard/);
    expect(createBotNamed('hard', seededDice(1)).ok).toBe(true);
    expect(createBotNamed('', seededDice(1)).ok).toBe(false);
  });
});
