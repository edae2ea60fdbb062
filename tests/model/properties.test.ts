// Property tests over long random legal games: invariants after every action, and an independent
// legality oracle that every fuzzed action is checked against.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  cardType,
  classicBoard,
  type Dice,
  decisionBy,
  drawStep,
  type GameEvent,
  type GameState,
  missionClaimDue,
  startGame,
  WILDCARD,
} from '../../src/model/index.js';
import { mersenneStream, uniformDice } from '../../src/protocol/random.js';
import { frozen } from '../helpers.js';

const board = classicBoard();

// ---- an explorer that picks any legal action, with fully random sizes ----

function territoriesWhere(state: GameState, test: (t: number) => boolean): number[] {
  return state.owner.map((_, t) => t).filter(test);
}

function explore(state: GameState, player: number, rng: Dice): Action {
  const pick = <T>(items: readonly T[]): T => items[rng.below(items.length)]!;
  const between = (lo: number, hi: number) => lo + rng.below(hi - lo + 1);
  switch (state.phase) {
    case 'setup':
      return {
        command: 'setup',
        player,
        payload: pick(territoriesWhere(state, (t) => state.owner[t] === setupOwner(state, player))),
      };
    case 'cards': {
      const hand = state.players[player]!.cards;
      const limit = state.eliminationTrade
        ? 4
        : hand.length >= state.options.forcedTradeAt
          ? state.options.forcedTradeAt - 1
          : null;
      const sets: number[][] = [];
      let left = [...hand];
      while (limit !== null ? left.length > limit : sets.length === 0 && rng.below(2) === 0) {
        const options = triples(left).filter(oracleValidSet);
        if (options.length === 0) break;
        const set = pick(options);
        sets.push(set);
        left = left.filter((c) => !set.includes(c));
      }
      return {
        command: 'play_cards',
        player,
        payload: sets.length ? { cards: sets, armies: rng.below(2) ? -1 : undefined } : null,
      };
    }
    case 'deploy': {
      const mine = territoriesWhere(state, (t) => state.owner[t] === player);
      const placements: [number, number][] = [];
      let left = state.toDeploy;
      while (left > 0) {
        const n = between(1, left);
        placements.push([pick(mine), n]);
        left -= n;
      }
      return { command: 'deploy', player, payload: placements };
    }
    case 'attack': {
      const attacks: [number, number][] = [];
      for (let from = 0; from < 42; from++) {
        if (state.owner[from] !== player || state.armies[from]! < 2) continue;
        for (const to of board.adjacency[from]!) if (state.owner[to] !== player) attacks.push([from, to]);
      }
      if (attacks.length > 0 && rng.below(8) !== 0) {
        const [from, to] = pick(attacks);
        return { command: 'attack', player, payload: [from, to, between(1, Math.min(3, state.armies[from]! - 1))] };
      }
      const moves: [number, number][] = [];
      for (let from = 0; from < 42; from++) {
        if (state.owner[from] !== player || state.armies[from]! < 2) continue;
        for (const to of board.adjacency[from]!) if (state.owner[to] === player) moves.push([from, to]);
      }
      if (moves.length === 0 || rng.below(3) === 0)
        return { command: 'fortify', player, payload: rng.below(2) ? null : [0, 0, 0] };
      const [from, to] = pick(moves);
      return { command: 'fortify', player, payload: [from, to, between(1, state.armies[from]! - 1)] };
    }
    case 'defend': {
      const most = Math.min(2, state.armies[state.pendingAttack!.to]!);
      return { command: 'defend', player, payload: state.players[player]!.neutral ? most : between(1, most) };
    }
    case 'capture': {
      const { from, to, minimum } = state.pendingCapture!;
      return { command: 'attack_capture', player, payload: [from, to, between(minimum, state.armies[from]! - 1)] };
    }
    default:
      throw new Error(`no decision in phase ${state.phase}`);
  }
}

/** Every player still in picks a random territory of their own as capital. */
function capitals(state: GameState, rng: Dice): Action {
  return {
    command: 'choose_capitals',
    payload: state.players.map((p) => {
      if (p.neutral || p.eliminated) return -1;
      const mine = territoriesWhere(state, (t) => state.owner[t] === p.id);
      return mine[rng.below(mine.length)]!;
    }),
  };
}

function triples(cards: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < cards.length; i++)
    for (let j = i + 1; j < cards.length; j++)
      for (let k = j + 1; k < cards.length; k++) out.push([cards[i]!, cards[j]!, cards[k]!]);
  return out;
}

// ---- the oracle: legality written again, plainly, from the rules ----

/** Whose territory a setup army goes on now: unclaimed (-1), one's own, or (two players, after two own armies a turn) the neutral army's. */
function setupOwner(s: GameState, p: number): number {
  if (s.owner.includes(-1)) return -1;
  return s.neutralArmy >= 0 && (s.setupStep >= 2 || s.players[p]!.reserve === 0) ? s.neutralArmy : p;
}

const FIXED: Record<string, number> = { '0': 6, '1': 8, '2': 10 };

/** A set's armies: escalating by sets traded before, or fixed (a wildcard counts as the card worth most). */
function oracleSetValue(s: GameState, set: readonly number[], n: number): number {
  if (s.options.cardValues === 'escalating') return n < 5 ? 4 + 2 * n : 15 + 5 * (n - 5);
  const kinds = [...new Set(set.map((c) => cardType(board, c)).filter((t) => t !== WILDCARD))];
  const alike = kinds.length === 1 && set.filter((c) => cardType(board, c) !== WILDCARD).length >= 2;
  return alike ? FIXED[String(kinds[0])]! : 10;
}

function oracleValidSet(cards: readonly number[]): boolean {
  const types = cards.map((c) => cardType(board, c));
  const kinds = new Set(types.filter((t) => t !== WILDCARD)).size;
  return types.includes(WILDCARD) || kinds === 1 || kinds === 3;
}

const int = (v: unknown): v is number => Number.isInteger(v);
const territory = (v: unknown): v is number => int(v) && v >= 0 && v < 42;

function oracleLegal(s: GameState, a: Action): boolean {
  if (s.phase === 'over') return false;
  if (a.command === 'first_player') return s.phase === 'first_player';
  if (a.command === 'shuffle_deck') return s.phase === 'shuffle_deck';
  if (a.command === 'deal_territories') return s.phase === 'deal';
  if (a.command === 'deal_missions') return s.phase === 'deal_missions' && a.payload === undefined;
  if (a.command === 'choose_capitals') {
    if (s.phase !== 'capitals' || !Array.isArray(a.payload) || a.payload.length !== s.players.length) return false;
    return s.players.every((q) => {
      const t = a.payload[q.id];
      if (t === -1 && (q.neutral || q.eliminated)) return true;
      return q.id !== s.neutralArmy && territory(t) && s.owner[t] === q.id;
    });
  }
  if (a.command === 'choose_capital' || a.command === 'claim_mission') return false;
  const p = a.player;
  if (!int(p) || p < 0 || p >= s.players.length) return false;
  if (a.command === 'leave_game' || a.command === 'timeout') return !s.players[p]!.neutral && !s.players[p]!.eliminated;
  const phaseOf: Record<string, string> = {
    setup: 'setup',
    play_cards: 'cards',
    deploy: 'deploy',
    attack: 'attack',
    defend: 'defend',
    attack_capture: 'capture',
    fortify: 'attack',
  };
  if (phaseOf[a.command] !== s.phase) return false;
  if (a.command === 'defend') {
    const to = s.pendingAttack!.to;
    const defender = s.owner[to]!;
    const most = Math.min(2, s.armies[to]!);
    if (s.players[defender]!.neutral) return a.payload === most;
    return p === defender && int(a.payload) && a.payload >= 1 && a.payload <= most;
  }
  if (p !== s.current) return false;
  const armies = s.armies;
  switch (a.command) {
    case 'setup': {
      const t = a.payload;
      const owner = setupOwner(s, p);
      return territory(t) && s.players[owner < 0 ? p : owner]!.reserve > 0 && s.owner[t] === owner;
    }
    case 'play_cards': {
      const hand = s.players[p]!.cards;
      const limit = s.eliminationTrade
        ? 4
        : hand.length >= s.options.forcedTradeAt
          ? s.options.forcedTradeAt - 1
          : Infinity;
      if (a.payload === null) return hand.length <= limit;
      const sets = a.payload.cards;
      const all = sets.flat();
      if (
        sets.length === 0 ||
        !sets.every((set) => set.length === 3 && set.every((c) => int(c) && c >= 0 && c < 44) && oracleValidSet(set))
      )
        return false;
      if (new Set(all).size !== all.length || !all.every((c) => hand.includes(c))) return false;
      if (hand.length - all.length > limit) return false;
      // After an elimination (1993): no set traded once 4 or fewer are held.
      if (s.eliminationTrade && s.options.eliminationTrade === 'to_four' && hand.length - all.length + 3 <= 4)
        return false;
      const claimed = a.payload.armies;
      if (claimed === undefined || claimed === -1) return true;
      let total = 0;
      let bonuses = s.options.territoryBonusPerTurn === 'any' ? Infinity : s.bonusThisTurn ? 0 : 1;
      sets.forEach((set, i) => {
        const bonus = bonuses > 0 && set.some((c) => c < 42 && s.owner[c] === p);
        if (bonus) bonuses--;
        total += oracleSetValue(s, set, s.setsTraded + i) + (bonus ? 2 : 0);
      });
      return claimed === total;
    }
    case 'deploy': {
      const list = a.payload;
      if (!Array.isArray(list) || list.length === 0) return false;
      if (!list.every(([t, n]) => territory(t) && s.owner[t] === p && int(n) && n >= 1)) return false;
      return list.reduce((sum, [, n]) => sum + n, 0) === s.toDeploy;
    }
    case 'attack': {
      const [from, to, dice] = a.payload;
      return (
        territory(from) &&
        territory(to) &&
        s.owner[from] === p &&
        s.owner[to] !== p &&
        board.adjacency[from]!.includes(to) &&
        int(dice) &&
        dice >= 1 &&
        dice <= 3 &&
        dice < armies[from]!
      );
    }
    case 'attack_capture': {
      const [from, to, n] = a.payload;
      const c = s.pendingCapture!;
      return from === c.from && to === c.to && int(n) && n >= c.minimum && n <= armies[from]! - 1;
    }
    case 'fortify': {
      if (a.payload === null) return true;
      const [from, to, n] = a.payload;
      if (!int(from) || !int(to) || !int(n)) return false;
      if (n === 0) return true;
      return (
        territory(from) &&
        territory(to) &&
        from !== to &&
        s.owner[from] === p &&
        s.owner[to] === p &&
        board.adjacency[from]!.includes(to) &&
        n >= 1 &&
        n <= armies[from]! - 1
      );
    }
  }
}

// ---- fuzzed actions: random fields, and legal actions with one field changed ----

function fuzz(state: GameState, legal: Action | null, rng: Dice): Action {
  const r = (lo: number, hi: number) => lo + rng.below(hi - lo + 1);
  const player = r(-1, state.players.length);
  const t = () => (rng.below(10) === 0 ? r(-2, 45) : r(0, 41));
  if (legal !== null && 'player' in legal && rng.below(2) === 0) {
    // Change one thing about a legal action.
    const copy = structuredClone(legal) as { player: number; payload: unknown };
    const which = rng.below(3);
    if (which === 0) copy.player = player;
    else if (Array.isArray(copy.payload) && copy.payload.length === 3 && typeof copy.payload[0] === 'number') {
      const i = rng.below(3);
      (copy.payload as number[])[i] = (copy.payload as number[])[i]! + r(-2, 2);
    } else if (typeof copy.payload === 'number') copy.payload = copy.payload + r(-2, 2);
    else if (Array.isArray(copy.payload) && Array.isArray(copy.payload[0])) {
      const entry = copy.payload[rng.below(copy.payload.length)] as number[];
      entry[rng.below(2)]! += r(-2, 2);
    } else copy.payload = null;
    return copy as unknown as Action;
  }
  switch (rng.below(9)) {
    case 0:
      return { command: 'setup', player, payload: t() };
    case 1: {
      const hand = state.players[Math.max(0, Math.min(player, state.players.length - 1))]!.cards;
      const card = () => (hand.length > 0 && rng.below(4) > 0 ? hand[rng.below(hand.length)]! : r(-1, 44));
      return {
        command: 'play_cards',
        player,
        payload: rng.below(3) === 0 ? null : { cards: [[card(), card(), card()]], armies: r(-1, 10) },
      };
    }
    case 2:
      return { command: 'deploy', player, payload: [[t(), r(-1, state.toDeploy + 1)]] };
    case 3:
      return { command: 'attack', player, payload: [t(), t(), r(-1, 4)] };
    case 4:
      return { command: 'defend', player, payload: r(-1, 3) };
    case 5:
      return { command: 'attack_capture', player, payload: [t(), t(), r(-1, 6)] };
    case 6:
      return { command: 'fortify', player, payload: rng.below(4) === 0 ? null : [t(), t(), r(-1, 6)] };
    case 7:
      return { command: rng.below(2) ? 'shuffle_deck' : 'first_player' };
    default:
      return { command: 'leave_game', player: r(-1, state.players.length) };
  }
}

// ---- invariants ----

// Each check below runs millions of times a run, and vitest's expect costs microseconds a call (it
// counts every one): each is made in plain code, and handed to expect, for its message, only when
// it fails.

function checkInvariants(s: GameState) {
  const setupOver = !['first_player', 'shuffle_deck', 'deal_missions', 'deal', 'setup'].includes(s.phase);
  s.owner.forEach((owner, t) => {
    if (setupOver && !(owner >= 0)) expect(owner, `territory ${t} has no owner`).toBeGreaterThanOrEqual(0);
    if (owner >= 0) {
      const pendingTarget = s.phase === 'capture' && s.pendingCapture!.to === t;
      const least = pendingTarget ? 0 : 1;
      if (!(s.armies[t]! >= least)) expect(s.armies[t], `territory ${t} armies`).toBeGreaterThanOrEqual(least);
    }
  });
  if (s.phase !== 'first_player' && s.phase !== 'shuffle_deck') {
    const cards = [...s.deck, ...s.discards, ...s.players.flatMap((p) => p.cards)];
    if (cards.length !== 44) expect(cards.length).toBe(44);
    const distinct = new Set(cards).size;
    if (distinct !== 44) expect(distinct).toBe(44);
  }
  for (const p of s.players) if (p.eliminated && s.owner.includes(p.id)) expect(s.owner.includes(p.id)).toBe(false);
}

/** How the army total may change for an accepted action, from the rules. */
function expectedArmyChange(before: GameState, action: Action, events: readonly GameEvent[]): number {
  switch (action.command) {
    case 'setup':
      return 1;
    case 'deal_territories':
      return 42;
    case 'shuffle_deck':
      // Two players with a neutral army: the territories are dealt in the deck's draw.
      return before.neutralArmy >= 0 ? 42 : 0;
    case 'play_cards':
      return before.options.territoryBonus === 'placed'
        ? 2 *
            events
              .filter((e) => e.type === 'cards_traded')
              .reduce((n, e) => n + (e.type === 'cards_traded' ? e.bonusTerritories.length : 0), 0)
        : 0;
    case 'deploy':
      return before.toDeploy;
    case 'defend': {
      const battle = events.find((e) => e.type === 'battle');
      return battle && battle.type === 'battle' ? -(battle.attackerLosses + battle.defenderLosses) : NaN;
    }
    default:
      return 0;
  }
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function playAndCheck(seed: number, players: number, maxActions: number, options: object) {
  const started = startGame(board, { players, ...options });
  if (!started.ok) throw new Error(started.reason);
  let state = frozen(started.value);
  const rng = uniformDice(mersenneStream([seed, 1]));
  const dice = uniformDice(mersenneStream([seed, 2]));
  let fuzzed = 0;
  for (let step = 0; step < maxActions && state.phase !== 'over'; step++) {
    const actor = decisionBy(state);
    const legal =
      missionClaimDue(state) ??
      (state.phase === 'capitals'
        ? capitals(state, rng)
        : actor === null
          ? drawStep(state)!
          : explore(state, actor, rng));
    // Fuzz: the reducer's verdict must match the oracle's, and a refusal leaves the state as it was.
    for (let k = 0; k < 3; k++) {
      const candidate = fuzz(state, actor === null ? null : legal, rng);
      const verdict = apply(state, candidate, uniformDice(mersenneStream([seed, 3, step, k])));
      const oracle = oracleLegal(state, candidate);
      if (verdict.ok !== oracle)
        expect(
          verdict.ok,
          `${JSON.stringify(candidate)} in phase ${state.phase}: ${verdict.ok ? 'accepted' : verdict.reason}`,
        ).toBe(oracle);
      fuzzed++;
    }
    if (rng.below(400) === 0 && !['first_player', 'shuffle_deck', 'deal_missions'].includes(state.phase)) {
      const leaver = rng.below(players);
      const result = apply(state, { command: 'leave_game', player: leaver });
      if (result.ok) state = frozen(result.state);
      continue;
    }
    // A completed mission's claim comes from the model itself (missionClaimDue); the rest from the explorer.
    if (legal.command !== 'claim_mission') {
      const oracle = oracleLegal(state, legal);
      if (oracle !== true) expect(oracle, JSON.stringify(legal)).toBe(true);
    }
    const result = apply(state, legal, dice);
    if (!result.ok) throw new Error(`legal action refused: ${JSON.stringify(legal)}: ${result.reason}`);
    const change = sum(result.state.armies) - sum(state.armies);
    const expected = expectedArmyChange(state, legal, result.events);
    if (!Object.is(change, expected)) expect(change, `army total after ${legal.command}`).toBe(expected);
    state = frozen(result.state);
    checkInvariants(state);
  }
  return fuzzed;
}

describe('random legal games keep every invariant', () => {
  it('2–6 players, claim or random setup, any fortify mode and trade threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 2, max: 6 }),
        fc.record({
          setup: fc.constantFrom('claim' as const, 'random' as const),
          forcedTradeAt: fc.constantFrom(5 as const, 6 as const),
          territoryBonus: fc.constantFrom('placed' as const, 'deploy' as const),
          variant: fc.constantFrom('domination' as const, 'capital' as const, 'mission' as const),
          cardValues: fc.constantFrom('escalating' as const, 'fixed' as const),
          twoPlayer: fc.constantFrom('neutral' as const, 'duel' as const),
        }),
        (seed, players, options) => {
          expect(playAndCheck(seed, players, 2500, options)).toBeGreaterThan(0);
        },
      ),
      { numRuns: 24, seed: 20261122 },
    );
  }, 600_000);
});
