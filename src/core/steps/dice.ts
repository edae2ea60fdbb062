// Dice for stored games: every roll comes from one number per active player (the dice round a
// networked game runs), so a stored game replays exactly and exports as a verifiable transcript.
import {
  type Action,
  type ApplyResult,
  apply,
  CHECK_DICE,
  type Dice,
  type GameState,
  needsDice,
} from '../../model/index.js';
import { secretNumber } from '../../protocol/commitment.js';
import { sha256Bytes } from '../../protocol/hash.js';
import { diceOfNumbers, roundIdFor } from '../dice-round.js';

export type DiceKind = 'mt19937' | 'hash_chain';

/** The numbers of one round: one per player taking part, by seat. */
export type RoundNumbers = readonly (readonly [number, Uint8Array])[];

/** Where a round's numbers come from: fresh secrets in play, a seed in tournaments. */
export type NumberSource = (round: number, players: readonly number[]) => RoundNumbers;

export const freshNumbers: NumberSource = (_round, players) => players.map((p) => [p, secretNumber()] as const);

/** Deterministic numbers for offline games with a seed: SHA-256 of the seed, game, round and seat. */
export function seededNumbers(seed: number, game: number): NumberSource {
  return (round, players) =>
    players.map((p) => {
      const hash = sha256Bytes(`p2p-risk/offline-round/${seed >>> 0}/${game}/${round}/${p}`);
      return [p, hash] as const;
    });
}

export function diceFromNumbers(numbers: RoundNumbers, kind: DiceKind): Dice {
  return diceOfNumbers(
    kind === 'mt19937',
    numbers.map(([, n]) => n),
  );
}

/** Players who take part in a dice round: everyone still playing. */
export const roundPlayers = (state: GameState): number[] =>
  state.players.filter((p) => !p.neutral && !p.eliminated).map((p) => p.id);

/** Whether an action is a draw step (no player, no sequence number). */
export const isDrawStep = (action: Action): boolean =>
  action.command === 'first_player' || action.command === 'shuffle_deck' || action.command === 'deal_territories';

export interface SteppedResult {
  readonly result: ApplyResult;
  /** The round's numbers when the action drew on the dice, else null. */
  readonly numbers: RoundNumbers | null;
}

/**
 * Applies an action, running a dice round when it needs one. `index` is the number of player
 * moves applied before it (draw steps do not count), as in the networked session.
 */
export function applyStep(
  state: GameState,
  action: Action,
  index: number,
  source: NumberSource,
  kind: DiceKind = 'mt19937',
): SteppedResult {
  if (!needsDice(state, action)) return { result: apply(state, action, CHECK_DICE), numbers: null };
  // Check legality before rolling, so a refused move spends no round.
  const check = apply(state, action, CHECK_DICE);
  if (!check.ok) return { result: check, numbers: null };
  const numbers = source(roundIdFor(state.phase, index), roundPlayers(state));
  return { result: apply(state, action, diceFromNumbers(numbers, kind)), numbers };
}

const NUMBER_BYTES = 32;

/** Numbers as stored: a blob of (seat byte, 32-byte number) per player. */
export function encodeNumbers(numbers: RoundNumbers): Uint8Array {
  const out = new Uint8Array(numbers.length * (1 + NUMBER_BYTES));
  numbers.forEach(([p, n], i) => {
    out[i * (1 + NUMBER_BYTES)] = p;
    out.set(n, i * (1 + NUMBER_BYTES) + 1);
  });
  return out;
}

/** Stored numbers: the blob, or (databases written before the blob) JSON text [[seat, hex], …]. */
export function decodeNumbers(stored: Uint8Array | string): RoundNumbers {
  if (typeof stored === 'string') {
    const rows = JSON.parse(stored) as [number, string][];
    return rows.map(([p, hex]) => [p, Uint8Array.from(Buffer.from(hex, 'hex'))] as const);
  }
  const numbers: (readonly [number, Uint8Array])[] = [];
  for (let at = 0; at + 1 + NUMBER_BYTES <= stored.length; at += 1 + NUMBER_BYTES)
    numbers.push([stored[at]!, stored.slice(at + 1, at + 1 + NUMBER_BYTES)]);
  return numbers;
}
