// The boundary cases of ../shared/rules/classic.md, one by one, through the reducer.
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type ApplyResult,
  apply,
  classicBoard,
  compareDice,
  type Dice,
  type GameState,
  reinforcements,
  startGame,
} from '../../src/model/index.js';
import { frozen, midGame, scriptedDice } from '../helpers.js';

function ok(result: ApplyResult): GameState {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.state;
}

/** Applies and expects a refusal matching `reason`, with the (frozen) state left untouched. */
function refused(state: GameState, action: Action, reason: RegExp, dice: Dice | null = scriptedDice([])) {
  const before = JSON.stringify(state);
  const result = apply(frozen(state), action, dice ?? undefined);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.reason).toMatch(reason);
  expect(JSON.stringify(state)).toBe(before);
}

// Two players: territory t belongs to t % 2. Alaska (0, player 0) borders 1, 3 (player 1) and 29 (player 1).
const attackState = (armies: Record<number, number> = { 0: 5, 1: 2 }, extra = {}) => midGame({ armies, ...extra });

describe('setup', () => {
  const fresh = () => {
    const started = startGame(classicBoard(), { players: 3 });
    if (!started.ok) throw new Error(started.reason);
    let s = ok(apply(started.value, { command: 'first_player' }, scriptedDice([], [1])));
    s = ok(apply(s, { command: 'shuffle_deck' }, scriptedDice([])));
    return s;
  };

  it('the drawn first player places first; starting armies follow the player count', () => {
    const s = fresh();
    expect(s.firstPlayer).toBe(1);
    expect(s.current).toBe(1);
    expect(s.players.map((p) => p.reserve)).toEqual([35, 35, 35]);
  });

  it('refuses a claimed territory while unclaimed ones remain', () => {
    const s = ok(apply(fresh(), { command: 'setup', player: 1, payload: 5 }));
    expect(s.current).toBe(2);
    refused(s, { command: 'setup', player: 2, payload: 5 }, /already claimed/);
    refused(s, { command: 'setup', player: 1, payload: 6 }, /waiting for player 2/);
  });

  it('after all 42 are claimed: own territory accepted, enemy refused', () => {
    let s = fresh();
    for (let t = 0; t < 42; t++) s = ok(apply(s, { command: 'setup', player: s.current, payload: t }));
    // Claims went 1, 2, 0, 1, …: territory t belongs to (t + 1) % 3.
    expect(s.owner.slice(0, 4)).toEqual([1, 2, 0, 1]);
    expect(s.current).toBe(1);
    refused(s, { command: 'setup', player: 1, payload: 1 }, /belongs to player 2/);
    s = ok(apply(s, { command: 'setup', player: 1, payload: 0 }));
    expect(s.armies[0]).toBe(2);
  });

  it('ends with every army placed and the first player starting turn 1', () => {
    let s = fresh();
    let placements = 0;
    while (s.phase === 'setup') {
      const mine = s.owner.includes(-1) ? s.owner.indexOf(-1) : s.owner.indexOf(s.current);
      s = ok(apply(s, { command: 'setup', player: s.current, payload: mine }));
      placements++;
    }
    expect(placements).toBe(105);
    expect(s.phase).toBe('cards');
    expect(s.current).toBe(1);
    expect(s.turn).toBe(1);
    expect(s.armies.reduce((a, b) => a + b, 0)).toBe(105);
  });

  it('random setup deals the territories round-robin from the first player', () => {
    const started = startGame(classicBoard(), { players: 4, setup: 'random' });
    if (!started.ok) throw new Error(started.reason);
    let s = ok(apply(started.value, { command: 'first_player' }, scriptedDice([], [2])));
    s = ok(apply(s, { command: 'shuffle_deck' }, scriptedDice([])));
    s = ok(apply(s, { command: 'deal_territories' }, scriptedDice([])));
    expect(s.owner.slice(0, 5)).toEqual([2, 3, 0, 1, 2]);
    expect(s.players.map((p) => p.reserve)).toEqual([20, 20, 19, 19]);
    expect(s.current).toBe(2);
  });

  it('two players in the duel (cs3099 style) get 40 armies each and no neutral', () => {
    const started = startGame(classicBoard(), { players: 2, twoPlayer: 'duel' });
    expect(started.ok && started.value.players.map((p) => p.reserve)).toEqual([40, 40]);
    expect(started.ok && started.value.neutralArmy).toBe(-1);
  });
});

describe('battle', () => {
  it('attacker high: defender loses; defender high or equal: attacker loses', () => {
    expect(compareDice([6], [5])).toMatchObject({ attackerLosses: 0, defenderLosses: 1 });
    expect(compareDice([4], [5])).toMatchObject({ attackerLosses: 1, defenderLosses: 0 });
    expect(compareDice([5], [5])).toMatchObject({ attackerLosses: 1, defenderLosses: 0 });
  });

  it('compares only min(attacker, defender) pairs, highest first', () => {
    expect(compareDice([1], [6, 6])).toMatchObject({ attackerLosses: 1, defenderLosses: 0 });
    expect(compareDice([2, 6, 1], [5])).toMatchObject({ attackerLosses: 0, defenderLosses: 1 });
    expect(compareDice([6, 1, 5], [5, 4])).toMatchObject({ attackerLosses: 0, defenderLosses: 2 });
    expect(compareDice([6, 1, 5], [6, 4])).toMatchObject({ attackerLosses: 1, defenderLosses: 1 });
    expect(compareDice([3, 3], [3, 2])).toMatchObject({ attackerLosses: 1, defenderLosses: 1 });
    expect(compareDice([2, 2, 2], [2, 2])).toMatchObject({ attackerLosses: 2, defenderLosses: 0 });
  });

  it('the reducer draws attacker faces first, then defender faces', () => {
    let s = ok(apply(attackState({ 0: 5, 1: 3 }), { command: 'attack', player: 0, payload: [0, 1, 3] }));
    const dice = scriptedDice([6, 2, 2, 5, 3]);
    const result = apply(s, { command: 'defend', player: 1, payload: 2 }, dice);
    s = ok(result);
    expect(dice.used()).toBe(5);
    expect(s.armies[0]).toBe(4);
    expect(s.armies[1]).toBe(2);
    expect(result.ok && result.events[0]).toMatchObject({
      type: 'battle',
      attackerDice: [6, 2, 2],
      defenderDice: [5, 3],
    });
  });
});

describe('attack legality', () => {
  const s = attackState({ 0: 5, 1: 2, 2: 1, 4: 3 });
  it.each([
    ['not adjacent', [0, 5, 1], /not adjacent/],
    ['same territory twice', [0, 0, 1], /same territory/],
    ['own target', [2, 4, 1], /own territory|only 1 army/],
    ['own target from a strong source', [4, 2, 1], /own territory/],
    ['source with 1 army', [2, 1, 1], /only 1 army/],
    ['enemy source', [1, 0, 1], /not player 0's/],
    ['too many dice for the armies', [0, 1, 5], /1 to 3/],
    ['dice leaving none at home', [4, 5, 3], /one army must stay behind/],
    ['zero dice', [0, 1, 0], /1 to 3/],
    ['unknown territory', [0, 42, 1], /unknown territory/],
  ])('refuses %s', (_name, payload, reason) => {
    refused(s, { command: 'attack', player: 0, payload: payload as [number, number, number] }, reason);
  });

  it('refuses an attack by the player whose turn it is not', () => {
    refused(s, { command: 'attack', player: 1, payload: [1, 0, 1] }, /waiting for player 0/);
  });

  it('the defender may roll 2 dice only with 2 armies', () => {
    const declared = ok(apply(attackState({ 0: 5, 1: 1 }), { command: 'attack', player: 0, payload: [0, 1, 3] }));
    refused(declared, { command: 'defend', player: 1, payload: 2 }, /1 to 1/);
    refused(declared, { command: 'defend', player: 0, payload: 1 }, /waiting for player 1/);
  });
});

describe('capture', () => {
  const conquered = () => {
    const s = ok(apply(attackState({ 0: 6, 1: 1 }), { command: 'attack', player: 0, payload: [0, 1, 3] }));
    return ok(apply(s, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 5, 4, 1])));
  };

  it('the territory changes owner at once and waits for the move-in', () => {
    const s = conquered();
    expect(s.phase).toBe('capture');
    expect(s.owner[1]).toBe(0);
    expect(s.armies[1]).toBe(0);
  });

  it('refuses fewer armies than dice rolled, and leaving the source empty', () => {
    refused(conquered(), { command: 'attack_capture', player: 0, payload: [0, 1, 2] }, /at least 3/);
    refused(conquered(), { command: 'attack_capture', player: 0, payload: [0, 1, 6] }, /at most 5/);
    refused(conquered(), { command: 'attack_capture', player: 0, payload: [0, 3, 3] }, /does not match/);
  });

  it('accepts the minimum and the maximum', () => {
    expect(
      ok(apply(conquered(), { command: 'attack_capture', player: 0, payload: [0, 1, 3] })).armies.slice(0, 2),
    ).toEqual([3, 3]);
    expect(
      ok(apply(conquered(), { command: 'attack_capture', player: 0, payload: [0, 1, 5] })).armies.slice(0, 2),
    ).toEqual([1, 5]);
  });
});

describe('fortify', () => {
  // Player 0 owns the even territories; 2 (Greenland) borders 4 (Ontario), both player 0's.
  const s = attackState({ 2: 4, 4: 1, 6: 3 });
  it.each([
    ['non-adjacent in adjacent mode', [2, 6, 1], /not adjacent/],
    ['the same territory', [2, 2, 1], /same territory/],
    ["another owner's target", [2, 5, 1], /target 5 is not player 0's/],
    ["another owner's source", [5, 2, 1], /source 5 is not player 0's/],
    ['leaving 0 behind', [2, 4, 4], /between 1 and 3/],
  ])('refuses %s', (_name, payload, reason) => {
    refused(s, { command: 'fortify', player: 0, payload: payload as [number, number, number] }, reason);
  });

  it('moves between neighbours and ends the turn', () => {
    const next = ok(apply(s, { command: 'fortify', player: 0, payload: [2, 4, 3] }));
    expect(next.armies[2]).toBe(1);
    expect(next.armies[4]).toBe(4);
    expect(next.current).toBe(1);
    expect(next.phase).toBe('cards');
  });

  it('null and an army count of 0 are no move', () => {
    expect(ok(apply(s, { command: 'fortify', player: 0, payload: null })).armies).toEqual(s.armies);
    expect(ok(apply(s, { command: 'fortify', player: 0, payload: [0, 0, 0] })).armies).toEqual(s.armies);
  });

  it('"connected" mode reaches along a chain of own territories only', () => {
    // Player 0 owns North America 0–8 (a chain 2 → 4 → 6); player 1 the rest.
    const owner = (t: number) => (t <= 8 ? 0 : 1);
    const connected = midGame({ owner, armies: { 2: 4 }, options: { fortify: 'connected' } });
    expect(ok(apply(connected, { command: 'fortify', player: 0, payload: [2, 8, 3] })).armies[8]).toBe(4);
    refused(connected, { command: 'fortify', player: 0, payload: [2, 9, 3] }, /target 9 is not player 0's/);
    const split = midGame({
      owner: (t) => (t === 4 || t === 1 || t === 3 || t === 5 || t === 7 ? 1 : t <= 8 ? 0 : 1),
      armies: { 2: 4 },
      options: { fortify: 'connected' },
    });
    refused(split, { command: 'fortify', player: 0, payload: [2, 6, 1] }, /cannot be reached/);
  });
});

describe('cards and reinforcements', () => {
  const cardsPhase = (hand: number[], extra = {}) =>
    midGame({ phase: 'cards', hands: { 0: hand }, toDeploy: 3, ...extra });
  const [inf, cav, art, wild] = [8, 9, 0, 42];

  it('with fewer than 3 cards no trade is possible', () => {
    refused(
      cardsPhase([inf, cav]),
      { command: 'play_cards', player: 0, payload: { cards: [[inf, cav, 42]] } },
      /does not hold card 42/,
    );
    expect(ok(apply(cardsPhase([inf, cav]), { command: 'play_cards', player: 0, payload: null })).phase).toBe('deploy');
  });

  it('with 3 or 4 cards trading is optional', () => {
    expect(
      ok(apply(cardsPhase([inf, cav, art, 11]), { command: 'play_cards', player: 0, payload: null })).toDeploy,
    ).toBe(3);
    const traded = ok(
      apply(cardsPhase([inf, cav, art, 11]), {
        command: 'play_cards',
        player: 0,
        payload: { cards: [[inf, cav, art]], armies: -1 },
      }),
    );
    expect(traded.players[0]!.cards).toEqual([11]);
    expect(traded.discards).toEqual([inf, cav, art]);
    expect(traded.setsTraded).toBe(1);
    // Set value 4 to deploy; +2 placed on Central America (card 8), the first card shown of an own territory, and no more.
    expect(traded.toDeploy).toBe(3 + 4);
    expect(traded.armies[inf]).toBe(3);
    expect(traded.armies[art]).toBe(1);
  });

  it('with 5 or more cards at the start of a turn trading is forced', () => {
    const five = [inf, cav, art, 11, 13];
    refused(cardsPhase(five), { command: 'play_cards', player: 0, payload: null }, /must trade down to 4/);
    expect(
      ok(apply(cardsPhase(five), { command: 'play_cards', player: 0, payload: { cards: [[inf, cav, art]] } }))
        .players[0]!.cards,
    ).toHaveLength(2);
  });

  it('option forcedTradeAt 6: five cards may be kept', () => {
    expect(
      ok(
        apply(cardsPhase([inf, cav, art, 11, 13], { options: { forcedTradeAt: 6 } }), {
          command: 'play_cards',
          player: 0,
          payload: null,
        }),
      ).phase,
    ).toBe('deploy');
  });

  it('refuses invalid sets, cards not held, cards used twice and a wrong army claim', () => {
    const s = cardsPhase([inf, 10, cav, art, wild]);
    refused(s, { command: 'play_cards', player: 0, payload: { cards: [[inf, 10, cav]] } }, /not a valid set/);
    refused(s, { command: 'play_cards', player: 0, payload: { cards: [[inf, cav, 12]] } }, /does not hold card 12/);
    refused(
      s,
      {
        command: 'play_cards',
        player: 0,
        payload: {
          cards: [
            [inf, cav, art],
            [art, wild, 10],
          ],
        },
      },
      /traded twice/,
    );
    refused(
      s,
      { command: 'play_cards', player: 0, payload: { cards: [[inf, cav, art]], armies: 9 } },
      /does not match the 6/,
    );
    refused(s, { command: 'play_cards', player: 0, payload: { cards: [] } }, /empty/);
    refused(s, { command: 'play_cards', player: 0, payload: { cards: [[inf, cav]] } }, /not three card ids/);
  });

  it('set values escalate game-wide: 0, 5 and 6 sets traded before give 4, 15 and 20', () => {
    for (const [before, value] of [
      [0, 4],
      [5, 15],
      [6, 20],
    ] as const) {
      const s = cardsPhase([1, 10, 25], { setsTraded: before }); // three cavalry showing player 1's territories: no bonus
      expect(ok(apply(s, { command: 'play_cards', player: 0, payload: { cards: [[1, 10, 25]] } })).toDeploy).toBe(
        3 + value,
      );
    }
  });

  it('territory bonus option "deploy" adds the +2 to the armies to deploy', () => {
    const s = cardsPhase([inf, cav, art], { options: { territoryBonus: 'deploy' } });
    const next = ok(apply(s, { command: 'play_cards', player: 0, payload: { cards: [[inf, cav, art]], armies: 6 } }));
    expect(next.toDeploy).toBe(3 + 6);
    expect(next.armies[inf]).toBe(1);
  });

  it('deploy must place exactly the armies due, on own territories', () => {
    const s = midGame({ phase: 'deploy', toDeploy: 5 });
    refused(s, { command: 'deploy', player: 0, payload: [[0, 4]] }, /places 4 armies but 5 are due/);
    refused(s, { command: 'deploy', player: 0, payload: [[1, 5]] }, /not player 0's/);
    refused(
      s,
      {
        command: 'deploy',
        player: 0,
        payload: [
          [0, 6],
          [2, -1],
        ],
      },
      /at least 1/,
    );
    const next = ok(
      apply(s, {
        command: 'deploy',
        player: 0,
        payload: [
          [0, 2],
          [2, 1],
          [0, 2],
        ],
      }),
    );
    expect(next.armies[0]).toBe(5);
    expect(next.phase).toBe('attack');
  });

  it('owning all but one territory of a continent gives no bonus; all of it does', () => {
    const allButOne = midGame({ owner: (t) => (t <= 7 ? 0 : 1) });
    expect(reinforcements(allButOne, 0)).toMatchObject({ territories: 8, base: 3, continents: [], total: 3 });
    const all = midGame({ owner: (t) => (t <= 8 || t === 12 ? 0 : 1) });
    expect(reinforcements(all, 0)).toMatchObject({
      territories: 10,
      base: 3,
      continents: [{ id: 0, value: 5 }],
      total: 8,
    });
    const many = midGame({ owner: (t) => (t >= 9 ? 0 : 1) }); // 33 territories: 11 plus SA, EU, AF, AS, AU
    expect(reinforcements(many, 0).total).toBe(11 + 2 + 5 + 3 + 7 + 2);
  });
});

describe('card draw at the end of a turn', () => {
  it('a turn with a capture draws exactly one card', () => {
    const s = midGame({ capturedThisTurn: true, deck: [17, 3, 5] });
    const next = ok(apply(s, { command: 'fortify', player: 0, payload: null }));
    expect(next.players[0]!.cards).toEqual([17]);
    expect(next.deck).toEqual([3, 5]);
  });

  it('a turn with only failed attacks draws none', () => {
    let s = ok(apply(attackState({ 0: 3, 1: 2 }), { command: 'attack', player: 0, payload: [0, 1, 2] }));
    s = ok(apply(s, { command: 'defend', player: 1, payload: 2 }, scriptedDice([1, 1, 6, 6])));
    const next = ok(apply(s, { command: 'fortify', player: 0, payload: null }));
    expect(next.players[0]!.cards).toEqual([]);
  });

  it('an empty pile reshuffles the discards (with dice) before drawing', () => {
    const s = midGame({ capturedThisTurn: true, deck: [], discards: [4, 7, 9], hands: {} });
    refused(s, { command: 'fortify', player: 0, payload: null }, /needs dice/, null);
    const result = apply(s, { command: 'fortify', player: 0, payload: null }, scriptedDice([], [], [[2, 0, 1]]));
    const next = ok(result);
    expect(next.players[0]!.cards).toEqual([9]);
    expect(next.deck).toEqual([4, 7]);
    expect(next.discards).toEqual([]);
  });
});

describe('elimination and the end', () => {
  // Player 1 holds only Argentina (12) with 1 army; player 0 attacks from Brazil (11).
  const lastStand = (players: number, hands: Record<number, number[]> = {}) =>
    midGame({
      players,
      owner: (t) => (t === 12 ? 1 : players === 3 && t === 41 ? 2 : 0),
      armies: { 11: 6, 12: 1 },
      hands,
    });
  const conquer = (s: GameState) => {
    const declared = ok(apply(s, { command: 'attack', player: 0, payload: [11, 12, 3] }));
    return apply(declared, { command: 'defend', player: 1, payload: 1 }, scriptedDice([6, 6, 6, 1]));
  };

  it("an eliminated player's cards go to the eliminator", () => {
    const result = conquer(lastStand(3, { 1: [20, 21] }));
    const s = ok(result);
    expect(s.players[1]!.eliminated).toBe(true);
    expect(s.players[1]!.cards).toEqual([]);
    expect(s.players[0]!.cards).toEqual([20, 21]);
    expect(result.ok && result.events.some((e) => e.type === 'eliminated' && e.cardsTaken === 2)).toBe(true);
  });

  it('more than one player left: the game goes on', () => {
    const s = ok(apply(ok(conquer(lastStand(3))), { command: 'attack_capture', player: 0, payload: [11, 12, 3] }));
    expect(s.phase).toBe('attack');
    expect(s.winner).toBe(null);
  });

  it('one player left: the game is over', () => {
    const s = ok(apply(ok(conquer(lastStand(2))), { command: 'attack_capture', player: 0, payload: [11, 12, 3] }));
    expect(s.phase).toBe('over');
    expect(s.winner).toBe(0);
    refused(s, { command: 'fortify', player: 0, payload: null }, /game is over/);
  });

  it('taking 6 or more cards forces a trade down to 4 at once, then deploy, then more attacks', () => {
    const hands = { 0: [13, 14, 16], 1: [8, 9, 0] }; // 3 + 3 = 6 cards
    let s = ok(apply(ok(conquer(lastStand(3, hands))), { command: 'attack_capture', player: 0, payload: [11, 12, 3] }));
    expect(s.phase).toBe('cards');
    refused(s, { command: 'play_cards', player: 0, payload: null }, /down to 4/);
    s = ok(apply(s, { command: 'play_cards', player: 0, payload: { cards: [[8, 9, 0]] } }));
    expect(s.phase).toBe('deploy');
    expect(s.toDeploy).toBe(4);
    s = ok(apply(s, { command: 'deploy', player: 0, payload: [[12, 4]] }));
    expect(s.phase).toBe('attack');
  });
});

describe('neutral players', () => {
  it('a player who leaves keeps territories, takes no turns, and defends with the most dice', () => {
    let s = midGame({ players: 3, armies: { 0: 5, 1: 3 } });
    s = ok(apply(s, { command: 'leave_game', player: 1 }));
    expect(s.players[1]!.neutral).toBe(true);
    s = ok(apply(s, { command: 'attack', player: 0, payload: [0, 1, 3] }));
    refused(s, { command: 'defend', player: 0, payload: 1 }, /neutral player 1 always defends with the most dice/);
    s = ok(apply(s, { command: 'defend', player: 0, payload: 2 }, scriptedDice([1, 1, 1, 6, 6])));
    s = ok(apply(s, { command: 'fortify', player: 0, payload: null }));
    expect(s.current).toBe(2);
  });

  it('when the player whose turn it is leaves, the next player starts a turn', () => {
    const s = ok(apply(midGame({ players: 3 }), { command: 'timeout', player: 0 }));
    expect(s.current).toBe(1);
    expect(s.phase).toBe('cards');
  });

  it('when one non-neutral player is left, that player wins', () => {
    const s = ok(apply(midGame({ players: 2 }), { command: 'leave_game', player: 1 }));
    expect(s.phase).toBe('over');
    expect(s.winner).toBe(0);
  });
});
