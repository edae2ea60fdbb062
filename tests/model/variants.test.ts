// The variants and house rules of ../shared/rules/classic.md through the reducer: the 1993
// two-player game with a neutral army, Capital Risk, Secret Mission Risk, fixed set values, and
// the two 1993 card rules the native profile plays (the class profile keeps the class behaviour).
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type ApplyResult,
  apply,
  classicBoard,
  describeMission,
  fixedSetValue,
  type GameState,
  MISSIONS,
  missionClaimDue,
  missionComplete,
  missionDeck,
  resolveOptions,
  setupExpects,
  sharedState,
  startGame,
} from '../../src/model/index.js';
import { CS3099_RULES } from '../../src/protocol/profiles.js';
import { frozen, midGame, scriptedDice } from '../helpers.js';

function ok(result: ApplyResult): GameState {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.state;
}

function refused(state: GameState, action: Action, reason: RegExp) {
  const result = apply(frozen(state), action, scriptedDice([]));
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.reason).toMatch(reason);
}

const board = classicBoard();
// Card types on the classic board: infantry 8 11 12, cavalry 1 2 9, artillery 0 3 4; 42 and 43 are wildcards.

describe('two players with a neutral army (1993)', () => {
  const dealt = () => {
    const started = startGame(board, { players: 2 });
    if (!started.ok) throw new Error(started.reason);
    const s = ok(apply(started.value, { command: 'first_player' }, scriptedDice([], [1])));
    // The deck and the territories are dealt in one draw (no extra dice round online).
    return ok(apply(s, { command: 'shuffle_deck' }, scriptedDice([])));
  };

  it('adds a neutral army as a third seat, always deals at random, 40 armies each', () => {
    const started = startGame(board, { players: 2, setup: 'claim' });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.value.neutralArmy).toBe(2);
    expect(started.value.options.setup).toBe('random');
    expect(started.value.players.map((p) => [p.reserve, p.neutral])).toEqual([
      [40, false],
      [40, false],
      [40, true],
    ]);
  });

  it('the first player is drawn among the two players, never the neutral army', () => {
    const started = startGame(board, { players: 2 });
    if (!started.ok) throw new Error(started.reason);
    let asked = 0;
    const dice = { ...scriptedDice([]), below: (n: number) => ((asked = n), n - 1) };
    expect(ok(apply(started.value, { command: 'first_player' }, dice)).firstPlayer).toBe(1);
    expect(asked).toBe(2);
  });

  it('deals 14 territories to each side, the neutral included', () => {
    const s = dealt();
    for (const seat of [0, 1, 2]) expect(s.owner.filter((o) => o === seat)).toHaveLength(14);
    expect(s.players.map((p) => p.reserve)).toEqual([26, 26, 26]);
    expect(s.current).toBe(1);
  });

  it('a setup turn is two own armies, then one neutral army, then the other player', () => {
    let s = dealt();
    const own = (p: number) => s.owner.indexOf(p);
    expect(setupExpects(s)).toBe('own');
    refused(s, { command: 'setup', player: 1, payload: s.owner.indexOf(2) }, /place on your own territory/);
    s = ok(apply(s, { command: 'setup', player: 1, payload: own(1) }));
    expect(s.current).toBe(1);
    s = ok(apply(s, { command: 'setup', player: 1, payload: own(1) }));
    expect(setupExpects(s)).toBe('neutral');
    refused(s, { command: 'setup', player: 1, payload: own(1) }, /neutral territory/);
    const neutralBefore = s.players[2]!.reserve;
    s = ok(apply(s, { command: 'setup', player: 1, payload: s.owner.indexOf(2) }));
    expect(s.players[2]!.reserve).toBe(neutralBefore - 1);
    expect(s.current).toBe(0);
    expect(setupExpects(s)).toBe('own');
  });

  it('ends with all 120 armies placed; the neutral army never takes a turn', () => {
    let s = dealt();
    while (s.phase === 'setup') {
      const target = setupExpects(s) === 'neutral' ? 2 : s.current;
      s = ok(apply(s, { command: 'setup', player: s.current, payload: s.owner.indexOf(target) }));
    }
    expect(s.armies.reduce((a, b) => a + b, 0)).toBe(120);
    expect(s.phase).toBe('cards');
    expect(s.current).toBe(1);
    s = ok(apply(s, { command: 'play_cards', player: 1, payload: null }));
    s = ok(apply(s, { command: 'deploy', player: 1, payload: [[s.owner.indexOf(1), s.toDeploy]] }));
    s = ok(apply(s, { command: 'fortify', player: 1, payload: null }));
    expect(s.current).toBe(0);
    s = ok(apply(s, { command: 'play_cards', player: 0, payload: null }));
    s = ok(apply(s, { command: 'deploy', player: 0, payload: [[s.owner.indexOf(0), s.toDeploy]] }));
    s = ok(apply(s, { command: 'fortify', player: 0, payload: null }));
    expect(s.current).toBe(1);
  });

  it('the neutral defends with the most dice; the winner is the one who eliminates the other player', () => {
    // Territory 0 (player 0) borders 1 (neutral) and 3 (player 1, its last territory).
    const owner = (t: number) => (t === 0 ? 0 : t === 3 ? 1 : t === 1 ? 2 : 0);
    let s = midGame({ players: 2, owner, armies: { 0: 10, 1: 3, 3: 1 } });
    s = ok(apply(s, { command: 'attack', player: 0, payload: [0, 1, 3] }));
    refused(s, { command: 'defend', player: 2, payload: 1 }, /neutral player 2 always defends with the most dice/);
    s = ok(apply(s, { command: 'defend', player: 2, payload: 2 }, scriptedDice([6, 6, 6, 1, 1])));
    expect(s.armies[1]).toBe(1);
    s = ok(apply(s, { command: 'attack', player: 0, payload: [0, 3, 3] }));
    s = ok(apply(s, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 6, 6, 1])));
    s = ok(apply(s, { command: 'attack_capture', player: 0, payload: [0, 3, 3] }));
    expect(s.phase).toBe('over');
    expect(s.winner).toBe(0);
  });

  it('the duel (cs3099 profile) keeps two seats and the chosen setup', () => {
    const started = startGame(board, { players: 2, ...CS3099_RULES });
    expect(
      started.ok && [started.value.players.length, started.value.neutralArmy, started.value.options.setup],
    ).toEqual([2, -1, 'claim']);
  });
});

describe('card rules (1993, native) and the class behaviour', () => {
  // Player 0 owns the even territories: every card of this hand shows one of its own.
  const hand = [8, 12, 14, 0, 4, 22];

  it('at most one +2 territory bonus a turn, however many sets are traded', () => {
    const s = ok(
      apply(midGame({ phase: 'cards', hands: { 0: hand } }), {
        command: 'play_cards',
        player: 0,
        payload: {
          cards: [
            [8, 12, 14],
            [0, 4, 22],
          ],
          armies: 4 + 6 + 2,
        },
      }),
    );
    expect(s.armies[8]).toBe(3);
    expect(s.armies[0]).toBe(1);
    expect(s.bonusThisTurn).toBe(true);
  });

  it('a later trade in the same turn (after an elimination) earns no second +2', () => {
    const s = midGame({ phase: 'cards', hands: { 0: [8, 12, 14, 0, 4, 22] } });
    const after = ok(
      apply(
        { ...s, eliminationTrade: true, bonusThisTurn: true },
        { command: 'play_cards', player: 0, payload: { cards: [[8, 12, 14]], armies: 4 } },
      ),
    );
    expect(after.armies.reduce((a, b) => a + b, 0)).toBe(s.armies.reduce((a, b) => a + b, 0));
  });

  it('the class profile gives +2 for every owned card, into the armies to deploy', () => {
    const s = midGame({ phase: 'cards', hands: { 0: hand }, options: CS3099_RULES });
    const after = ok(
      apply(s, {
        command: 'play_cards',
        player: 0,
        payload: {
          cards: [
            [8, 12, 14],
            [0, 4, 22],
          ],
          armies: 4 + 6 + 2 * 6,
        },
      }),
    );
    expect(after.toDeploy).toBe(4 + 6 + 12);
  });

  it('after taking cards by elimination: trade only until 4 or fewer remain', () => {
    const seven = [8, 12, 14, 0, 4, 22, 1];
    const s = { ...midGame({ phase: 'cards', hands: { 0: seven } }), eliminationTrade: true };
    refused(
      s,
      {
        command: 'play_cards',
        player: 0,
        payload: {
          cards: [
            [8, 12, 14],
            [0, 4, 22],
          ],
        },
      },
      /trade only until 4 or fewer remain/,
    );
    expect(
      ok(apply(s, { command: 'play_cards', player: 0, payload: { cards: [[8, 12, 14]] } })).players[0]!.cards,
    ).toHaveLength(4);
    const nine = [...seven, 2, 9];
    const s9 = { ...midGame({ phase: 'cards', hands: { 0: nine } }), eliminationTrade: true };
    expect(
      ok(
        apply(s9, {
          command: 'play_cards',
          player: 0,
          payload: {
            cards: [
              [8, 12, 14],
              [0, 4, 22],
            ],
          },
        }),
      ).players[0]!.cards,
    ).toHaveLength(3);
    // The class peers trade any sets that leave 4 or fewer.
    const c = { ...midGame({ phase: 'cards', hands: { 0: seven }, options: CS3099_RULES }), eliminationTrade: true };
    expect(
      ok(
        apply(c, {
          command: 'play_cards',
          player: 0,
          payload: {
            cards: [
              [8, 12, 14],
              [0, 4, 22],
            ],
          },
        }),
      ).players[0]!.cards,
    ).toHaveLength(1);
  });

  it('at the start of a turn any number of sets may still be traded', () => {
    const s = midGame({ phase: 'cards', hands: { 0: [8, 12, 14, 0, 4, 22, 1] } });
    expect(
      ok(
        apply(s, {
          command: 'play_cards',
          player: 0,
          payload: {
            cards: [
              [8, 12, 14],
              [0, 4, 22],
            ],
          },
        }),
      ).players[0]!.cards,
    ).toEqual([1]);
  });

  it('fixed set values: 6 infantry, 8 cavalry, 10 artillery, 10 one of each, whatever was traded before', () => {
    expect(fixedSetValue(board, [8, 11, 12])).toBe(6);
    expect(fixedSetValue(board, [1, 2, 9])).toBe(8);
    expect(fixedSetValue(board, [0, 3, 4])).toBe(10);
    expect(fixedSetValue(board, [8, 1, 0])).toBe(10);
    expect(fixedSetValue(board, [8, 11, 42])).toBe(6);
    expect(fixedSetValue(board, [8, 1, 42])).toBe(10);
    expect(fixedSetValue(board, [2, 42, 43])).toBe(10);
    const s = midGame({
      phase: 'cards',
      hands: { 1: [1, 9, 13] },
      current: 1,
      setsTraded: 7,
      options: { cardValues: 'fixed' },
    });
    const after = ok(apply(s, { command: 'play_cards', player: 1, payload: { cards: [[1, 9, 13]], armies: 8 + 2 } }));
    expect(after.toDeploy).toBe(8);
    expect(after.setsTraded).toBe(8);
  });

  it('refuses unknown option values with the choices', () => {
    expect(resolveOptions({ players: 3, cardValues: 'double' as never })).toEqual({
      ok: false,
      reason: expect.stringMatching(/cardValues must be one of escalating, fixed/),
    });
    expect(resolveOptions({ players: 3, capitalsToWin: 3 })).toEqual({
      ok: false,
      reason: expect.stringMatching(/capitalsToWin must be an integer from 1 to 2/),
    });
  });
});

describe('Capital Risk', () => {
  const placed = (players: number, options = {}) => {
    const started = startGame(board, { players, variant: 'capital', twoPlayer: 'duel', ...options });
    if (!started.ok) throw new Error(started.reason);
    let s = ok(apply(started.value, { command: 'first_player' }, scriptedDice([], [0])));
    s = ok(apply(s, { command: 'shuffle_deck' }, scriptedDice([])));
    while (s.phase === 'setup') {
      const t = s.owner.includes(-1) ? s.owner.indexOf(-1) : s.owner.indexOf(s.current);
      s = ok(apply(s, { command: 'setup', player: s.current, payload: t }));
    }
    return s;
  };

  it('after setup every player chooses a capital; all are revealed at once, then the first turn starts', () => {
    const s = placed(3);
    expect(s.phase).toBe('capitals');
    refused(s, { command: 'choose_capitals', payload: [0, 1] }, /must list 3/);
    refused(s, { command: 'choose_capitals', payload: [0, 0, 2] }, /player 1's capital must be one of their own/);
    refused(s, { command: 'choose_capital', player: 0, payload: 1 }, /player 0's capital must be one of their own/);
    // A legal secret choice is only checked: the state does not change until choose_capitals.
    const checkedOnly = apply(s, { command: 'choose_capital', player: 0, payload: 0 });
    expect(checkedOnly.ok && checkedOnly.state === s && checkedOnly.events.length === 0).toBe(true);
    refused(s, { command: 'fortify', player: 0, payload: null }, /not allowed now/);
    const next = ok(apply(s, { command: 'choose_capitals', payload: [0, 1, 2] }));
    expect(next.capitals).toEqual([0, 1, 2]);
    expect(next.phase).toBe('cards');
    expect(next.current).toBe(0);
  });

  // Territory t belongs to t % players, but for the changes each test makes.
  const capitalGame = (capitals: number[], armies: Record<number, number>, players = 3, options = {}): GameState => ({
    ...midGame({ players, armies, options: { variant: 'capital', ...options } }),
    capitals,
  });

  it('holding one’s own capital and every other capital wins (3–4 players)', () => {
    // Alaska (0, player 0) borders Northwest Territory (1, player 1) and Kamchatka (29, player 2).
    let s = capitalGame([0, 1, 29], { 0: 10 }, 3);
    s = { ...s, owner: s.owner.map((o, t) => (t === 29 ? 0 : o)) };
    s = ok(apply(s, { command: 'attack', player: 0, payload: [0, 1, 3] }));
    s = ok(apply(s, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 6, 6, 1])));
    s = ok(apply(s, { command: 'attack_capture', player: 0, payload: [0, 1, 3] }));
    expect(s.phase).toBe('over');
    expect(s.winner).toBe(0);
  });

  it('without one’s own capital there is no win, whatever else is held', () => {
    let s = capitalGame([2, 1, 29], { 0: 10 }, 3);
    s = { ...s, owner: s.owner.map((o, t) => (t === 29 ? 0 : t === 2 ? 1 : o)) };
    s = ok(apply(s, { command: 'attack', player: 0, payload: [0, 1, 3] }));
    s = ok(apply(s, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 6, 6, 1])));
    s = ok(apply(s, { command: 'attack_capture', player: 0, payload: [0, 1, 3] }));
    expect(s.phase).toBe('attack');
  });

  it('5–6 players: one’s own and 3 others; the house rule asks 2', () => {
    expect(resolveOptions({ players: 6 }).ok && resolveOptions({ players: 6 }).ok).toBe(true);
    const six = resolveOptions({ players: 6, variant: 'capital' });
    expect(six.ok && six.value.capitalsToWin).toBe(3);
    const four = resolveOptions({ players: 4, variant: 'capital' });
    expect(four.ok && four.value.capitalsToWin).toBe(3);
    // Six players, house rule 2: own capital 0, enemy capitals 29 (held) and 1 (taken now).
    let s = capitalGame([0, 1, 29, 10, 20, 30], { 0: 10 }, 6, { capitalsToWin: 2 });
    s = { ...s, owner: s.owner.map((o, t) => (t === 29 ? 0 : o)) };
    s = ok(apply(s, { command: 'attack', player: 0, payload: [0, 1, 3] }));
    s = ok(apply(s, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 6, 6, 1])));
    s = ok(apply(s, { command: 'attack_capture', player: 0, payload: [0, 1, 3] }));
    expect(s.winner).toBe(0);
  });

  it('a player who leaves while capitals are chosen has none', () => {
    const s = ok(apply(placed(3), { command: 'leave_game', player: 2 }));
    expect(s.phase).toBe('capitals');
    const next = ok(apply(s, { command: 'choose_capitals', payload: [0, 1, -1] }));
    expect(next.capitals).toEqual([0, 1, -1]);
  });
});

describe('Secret Mission Risk', () => {
  it('the deck: 14 cards in classic.md order, without the destroy cards of absent seats', () => {
    expect(MISSIONS).toHaveLength(14);
    expect(describeMission(0)).toBe('conquer Asia and South America');
    expect(describeMission(5)).toBe('conquer Europe and South America and one other continent');
    expect(describeMission(7)).toBe('occupy 18 territories with at least 2 armies in each');
    expect(describeMission(13)).toMatch(/destroy all armies of player 5/);
    expect(missionDeck(6)).toHaveLength(14);
    expect(missionDeck(4)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(missionDeck(2)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  const dealt = (players: number, shuffle: number[] | null, payload?: (number | null)[]) => {
    const started = startGame(board, { players, variant: 'mission' });
    if (!started.ok) throw new Error(started.reason);
    let s = ok(apply(started.value, { command: 'first_player' }, scriptedDice([], [0])));
    s = ok(apply(s, { command: 'shuffle_deck' }, scriptedDice([])));
    expect(s.phase).toBe('deal_missions');
    return ok(
      apply(
        s,
        payload === undefined ? { command: 'deal_missions' } : { command: 'deal_missions', payload },
        scriptedDice([], [], shuffle ? [shuffle] : []),
      ),
    );
  };

  it('offline, the dice deal one distinct card to each player, before setup', () => {
    const s = dealt(4, [11, 3, 7, 0, 1, 2, 4, 5, 6, 8, 9, 10]);
    expect(s.missions).toEqual([11, 3, 7, 0]);
    expect(s.phase).toBe('setup');
  });

  it('a networked replica may know only its own mission; the shared state hides unrevealed ones', () => {
    const s = dealt(3, null, [null, 6, null]);
    expect(s.missions).toEqual([null, 6, null]);
    expect(sharedState(s).missions).toEqual([null, null, null]);
    const started = startGame(board, { players: 3, variant: 'mission' });
    if (!started.ok) return;
    let d = ok(apply(started.value, { command: 'first_player' }, scriptedDice([], [0])));
    d = ok(apply(d, { command: 'shuffle_deck' }, scriptedDice([])));
    refused(d, { command: 'deal_missions', payload: [6, 6, null] }, /dealt twice/);
    refused(d, { command: 'deal_missions', payload: [12, null, null] }, /not a card of this game's mission deck/);
    refused(d, { command: 'deal_missions', payload: [null, null] }, /3 entries/);
  });

  it('a first player made neutral during the deal (a networked timeout) does not place: the next one does', () => {
    const started = startGame(board, { players: 3, variant: 'mission' });
    if (!started.ok) throw new Error(started.reason);
    let s = ok(apply(started.value, { command: 'first_player' }, scriptedDice([], [0])));
    s = ok(apply(s, { command: 'shuffle_deck' }, scriptedDice([])));
    s = ok(apply(s, { command: 'timeout', player: 0 }));
    s = ok(apply(s, { command: 'deal_missions', payload: [null, 3, null] }));
    expect(s.phase).toBe('setup');
    expect(s.current).toBe(1);
  });

  // Player 0 holds North America (0–8) and Australia (38–41); the rest alternate between 1 and 2.
  const owner = (t: number) => (t <= 8 || t >= 38 ? 0 : 1 + (t % 2));
  const mission = (missions: (number | null)[], extra = {}) => ({
    ...midGame({ players: 3, owner, options: { variant: 'mission' }, ...extra }),
    missionDeck: missionDeck(3),
    missions,
    missionsRevealed: missions.map(() => false),
  });

  it('a completed mission is claimed on one’s own turn and wins; the claim reveals it', () => {
    const s = mission([3, 0, 6]);
    expect(missionComplete(s, 0, 3)).toBe(true);
    expect(missionClaimDue(s)).toEqual({ command: 'claim_mission', player: 0, payload: 3 });
    const after = ok(apply(s, { command: 'claim_mission', player: 0, payload: 3 }));
    expect(after.winner).toBe(0);
    expect(after.missionsRevealed).toEqual([true, false, false]);
    expect(sharedState(after).missions).toEqual([3, null, null]);
  });

  it('refuses a claim that is incomplete, not one’s own card, another’s card, or out of turn', () => {
    refused(mission([2, 0, 6]), { command: 'claim_mission', player: 0, payload: 2 }, /has not completed mission 2/);
    refused(mission([2, 0, 6]), { command: 'claim_mission', player: 0, payload: 3 }, /mission is card 2, not 3/);
    refused(
      mission([null, 3, null]),
      { command: 'claim_mission', player: 0, payload: 3 },
      /mission card 3 is player 1's/,
    );
    refused(mission([3, 0, 6]), { command: 'claim_mission', player: 1, payload: 0 }, /only during their own turn/);
    refused(
      mission([3, 0, 6]),
      { command: 'claim_mission', player: 0, payload: 12 },
      /not a card of this game's mission deck/,
    );
    // A replica that does not know player 0's card accepts a true claim of an unknown card.
    expect(ok(apply(mission([null, 0, null]), { command: 'claim_mission', player: 0, payload: 3 })).winner).toBe(0);
  });

  it('"destroy" a player: done when one takes their last territory; by someone else, or oneself, it becomes 24 territories', () => {
    const s = mission([9, 0, 6]);
    expect(missionComplete(s, 0, 9)).toBe(false);
    const gone = (by: number) => ({
      ...s,
      players: s.players.map((p) => (p.id === 1 ? { ...p, eliminated: true, eliminatedBy: by } : p)),
    });
    expect(missionComplete(gone(0), 0, 9)).toBe(true);
    expect(missionComplete(gone(2), 0, 9)).toBe(false);
    const big = { ...gone(2), owner: s.owner.map((o, t) => (t < 24 ? 0 : o)) };
    expect(missionComplete(big, 0, 9)).toBe(true);
    expect(missionComplete({ ...s, owner: s.owner.map((o, t) => (t < 24 ? 0 : o)) }, 0, 8)).toBe(true);
  });

  it('18 territories need at least 2 armies in each', () => {
    const owner18 = (t: number) => (t < 18 ? 0 : 1 + (t % 2));
    const s = { ...mission([7, 0, 6]), owner: Array.from({ length: 42 }, (_, t) => owner18(t)) };
    expect(missionComplete(s, 0, 7)).toBe(false);
    expect(missionComplete({ ...s, armies: s.armies.map((a, t) => (t < 18 ? 2 : a)) }, 0, 7)).toBe(true);
  });
});
