// Questions about a game state: whose decision it is, what is due, what is legal.

import type { Action } from './action.js';
import { areAdjacent } from './board.js';
import { missionComplete } from './missions.js';
import type { GameState, PlayerState } from './state.js';

export function isActive(player: PlayerState): boolean {
  return !player.neutral && !player.eliminated;
}

export function territoriesOf(state: GameState, player: number): number[] {
  const owned: number[] = [];
  state.owner.forEach((o, t) => {
    if (o === player) owned.push(t);
  });
  return owned;
}

export function countTerritories(state: GameState, player: number): number {
  let n = 0;
  for (const o of state.owner) if (o === player) n++;
  return n;
}

export function totalArmies(state: GameState, player: number): number {
  let n = 0;
  state.owner.forEach((o, t) => {
    if (o === player) n += state.armies[t]!;
  });
  return n;
}

export interface Reinforcements {
  readonly territories: number;
  readonly base: number;
  readonly continents: readonly { readonly id: number; readonly value: number }[];
  readonly total: number;
}

/** The armies a player's territories are worth at the start of a turn: one per three, at least 3. */
export function territoryArmies(territories: number): number {
  return Math.max(3, Math.floor(territories / 3));
}

/** Armies due at the start of a turn, before cards: max(3, territories / 3) plus whole continents. */
export function reinforcements(state: GameState, player: number): Reinforcements {
  const territories = countTerritories(state, player);
  const base = territoryArmies(territories);
  const continents = state.board.continents
    .filter((c) => c.territories.every((t) => state.owner[t] === player))
    .map((c) => ({ id: c.id, value: c.value }));
  return { territories, base, continents, total: base + continents.reduce((s, c) => s + c.value, 0) };
}

/** The seat that must act now, or null when the next step is a dice draw or the game is over. */
export function decisionBy(state: GameState): number | null {
  switch (state.phase) {
    case 'setup':
    case 'cards':
    case 'deploy':
    case 'attack':
    case 'capture':
      return state.current;
    case 'defend':
      return state.owner[state.pendingAttack!.to]!;
    default:
      return null;
  }
}

/** The next seat after `from` (in ascending order, wrapping) that satisfies `eligible`, or -1. */
export function nextSeat(
  state: GameState,
  from: number,
  eligible: (p: PlayerState) => boolean,
  includeFrom = false,
): number {
  const n = state.players.length;
  for (let step = includeFrom ? 0 : 1; step <= n; step++) {
    const p = state.players[(((from + step) % n) + n) % n]!;
    if (eligible(p)) return p.id;
  }
  return -1;
}

/** Most dice the attacker may roll from a territory: 1–3, keeping one army home. */
export function maxAttackDice(state: GameState, from: number): number {
  return Math.min(3, state.armies[from]! - 1);
}

/** Most dice the defender may roll: 2 with at least two armies, else 1. */
export function maxDefendDice(state: GameState, territory: number): number {
  return Math.min(2, state.armies[territory]!);
}

/** Every [from, to] pair the current player may attack along. */
export function attackOptions(state: GameState): [number, number][] {
  if (state.phase !== 'attack') return [];
  const options: [number, number][] = [];
  const me = state.current;
  for (let from = 0; from < state.owner.length; from++) {
    if (state.owner[from] !== me || state.armies[from]! < 2) continue;
    for (const to of state.board.adjacency[from]!) {
      if (state.owner[to] !== me) options.push([from, to]);
    }
  }
  return options;
}

/** Territories the player could fortify into from `from`, following the fortify option. */
export function fortifyTargets(state: GameState, from: number): number[] {
  const me = state.owner[from]!;
  if (state.options.fortify === 'adjacent') {
    return state.board.adjacency[from]!.filter((t) => state.owner[t] === me);
  }
  const seen = new Set<number>([from]);
  const queue = [from];
  while (queue.length > 0) {
    for (const n of state.board.adjacency[queue.pop()!]!) {
      if (!seen.has(n) && state.owner[n] === me) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  seen.delete(from);
  return [...seen].sort((a, b) => a - b);
}

export function canFortify(state: GameState, from: number, to: number): boolean {
  if (state.owner[from] !== state.owner[to] || from === to) return false;
  if (state.options.fortify === 'adjacent') return areAdjacent(state.board, from, to);
  return fortifyTargets(state, from).includes(to);
}

/**
 * In the cards phase: the most cards the player may keep after trading now, or null when trading
 * is optional. Forced at the start of a turn from `forcedTradeAt` cards; after an elimination down to 4.
 */
export function handLimitFor(state: GameState, player: number): number | null {
  if (state.eliminationTrade) return 4;
  const held = state.players[player]!.cards.length;
  return held >= state.options.forcedTradeAt ? state.options.forcedTradeAt - 1 : null;
}

/** In the cards phase: whether one more set may be traded while holding `held` cards (after an elimination, 1993: only while more than 4). */
export function mayTradeAnother(state: GameState, held: number): boolean {
  return !(state.eliminationTrade && state.options.eliminationTrade === 'to_four' && held <= 4);
}

/**
 * What the setup placement due now must be: 'claim' an unclaimed territory, place on one's 'own',
 * or (two players with a neutral army, after two own armies each turn) on a 'neutral' territory.
 */
export function setupExpects(state: GameState): 'claim' | 'own' | 'neutral' {
  if (state.owner.includes(-1)) return 'claim';
  if (state.neutralArmy < 0) return 'own';
  const ownLeft = state.players[state.current]!.reserve > 0;
  return state.setupStep < 2 && ownLeft ? 'own' : 'neutral';
}

/** The territories the setup placement due now may go on. */
export function setupChoices(state: GameState): number[] {
  const expects = setupExpects(state);
  return territoriesOf(state, expects === 'claim' ? -1 : expects === 'own' ? state.current : state.neutralArmy);
}

/** Capital Risk: capitals `player` must still take (own first, then enemy ones) to win, or 0 when they hold enough. */
export function capitalsMissing(state: GameState, player: number): number {
  const own = state.capitals[player] ?? -1;
  if (own < 0) return Infinity;
  const others = state.capitals.filter((t, p) => p !== player && t >= 0);
  const needed = Math.min(state.options.capitalsToWin, others.length);
  const held = others.filter((t) => state.owner[t] === player).length;
  return (state.owner[own] === player ? 0 : 1) + Math.max(0, needed - held);
}

/** Capital Risk: whether `player` holds their own capital and enough enemy capitals to win. */
export function capitalVictory(state: GameState, player: number): boolean {
  return state.capitals.length > 0 && capitalsMissing(state, player) === 0;
}

/**
 * Secret Mission Risk: the claim the current player can make now with the mission this replica
 * knows for them, or null. Controllers apply it for their own seats (a completed mission wins at once).
 */
export function missionClaimDue(
  state: GameState,
): { command: 'claim_mission'; player: number; payload: number } | null {
  if (state.options.variant !== 'mission' || !['cards', 'deploy', 'attack'].includes(state.phase)) return null;
  const card = state.missions[state.current];
  if (card === null || card === undefined) return null;
  return missionComplete(state, state.current, card)
    ? { command: 'claim_mission', player: state.current, payload: card }
    : null;
}

/**
 * Whether the game's winner won on the board (by the variant's rule, by taking every territory, or
 * by knocking every other player out; the neutral army need not be beaten), rather than because
 * the others left or were made neutral.
 */
export function wonOnBoard(state: GameState): boolean {
  const w = state.winner;
  if (w === null) return false;
  if (state.owner.every((o) => o === w)) return true;
  if (state.options.variant === 'capital' && capitalVictory(state, w)) return true;
  if (state.options.variant === 'mission' && state.missionsRevealed[w] === true) return true;
  return state.players.every((p) => p.id === w || p.id === state.neutralArmy || p.eliminated);
}

/** The action for steps that no seat decides: the start-of-game draws. */
export function drawStep(state: GameState): Action | null {
  switch (state.phase) {
    case 'first_player':
      return { command: 'first_player' };
    case 'shuffle_deck':
      return { command: 'shuffle_deck' };
    case 'deal_missions':
      return { command: 'deal_missions' };
    case 'deal':
      return { command: 'deal_territories' };
    default:
      return null;
  }
}
