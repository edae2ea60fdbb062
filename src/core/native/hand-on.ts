// Hand-on: which lines a peer that was kept from some is sent (the accused, a voter, an observer far behind).
import type { Ack } from './acks.js';
import type { Taken } from './ledger.js';
import { MOVE_MEMORY } from './limits.js';

/** A dice round's lines as a hand-on reads them (core/dice-round.ts: DiceRound). */
export interface RoundLines {
  readonly hashes: ReadonlyMap<number, { readonly line: string }>;
  readonly numbers: ReadonlyMap<number, { readonly line: string }>;
}

/** What this peer holds that it may hand on. */
export interface Held {
  /** The point this peer is at. */
  readonly index: number;
  /** The first point not yet settled. */
  readonly firstOpen: number;
  readonly taken: ReadonlyMap<number, Taken>;
  readonly acks: (index: number) => ReadonlyMap<number, Ack> | undefined;
  /**
   * How many points back the accused's moves and acks are handed on, 2 × (window + 1): 2 in
   * lockstep (a peer is at most one point past another's first unsettled one), 4 with pipelining
   * (two more), 6 with pipelining_two.
   */
  readonly reach: number;
  /** ACK_WINDOW in this game (limits.ts: ackWindowFor). */
  readonly ackWindow: number;
  /** The move taken and waiting for its dice, if any. */
  readonly pending: { readonly author: number; readonly line: string } | null;
  /** The last round finished here and the one running. */
  readonly rounds: readonly (RoundLines | null)[];
  /** The last few rounds finished here and the one running. */
  readonly pastRounds: readonly (RoundLines | null)[];
}

/** The lines of `rounds` that `player` did not write. */
function roundLinesNotBy(rounds: readonly (RoundLines | null)[], player: number): string[] {
  const lines: string[] = [];
  for (const round of rounds) {
    if (round === null) continue;
    for (const [p, h] of round.hashes) if (p !== player && h.line !== '') lines.push(h.line);
    for (const [p, n] of round.numbers) if (p !== player && n.line !== '') lines.push(n.line);
  }
  return lines;
}

/**
 * The accused may be silent only because someone withheld from it the line it waits for: what this
 * peer holds of the moves not yet settled, and of the dice rounds running, that it did not write.
 */
export function catchUpLines(held: Held, player: number): string[] {
  const lines: string[] = [];
  for (const [index, taken] of held.taken)
    if (index >= held.firstOpen - 1 && taken.author !== player && taken.line !== '') lines.push(taken.line);
  if (held.pending !== null && held.pending.author !== player && held.pending.line !== '')
    lines.push(held.pending.line);
  lines.push(...roundLinesNotBy(held.rounds, player));
  return lines;
}

/** An observer voting from point `from`, far behind: what this peer holds from a little before it on. */
export function observerLines(held: Held, observer: number, from: number): string[] {
  const lines: string[] = [];
  // From a little before its point: what it lacks may be the move it could not settle, and a
  // peer is at most ACK_WINDOW points past its first unsettled one.
  for (let index = Math.max(from - 1 - held.ackWindow, held.index - MOVE_MEMORY); index < held.index; index++) {
    const taken = held.taken.get(index);
    if (taken !== undefined && taken.author !== observer && taken.line !== '') lines.push(taken.line);
    for (const [p, ack] of held.acks(index) ?? []) if (p !== observer && ack.line !== '') lines.push(ack.line);
  }
  // Every recent round's lines: it may wait in one several rounds back (a RISC turn's draw).
  lines.push(...roundLinesNotBy(held.pastRounds, observer));
  return lines;
}

/**
 * A voter may only be missing what the accused sent to others: the accused's recent moves, acks and
 * dice lines held here, then `evidence`, the proof against it held here. Acks of points below
 * `acksFrom` are left out (the voter, that far ahead, would refuse them).
 */
export function accusedLines(held: Held, accused: number, evidence: readonly string[], acksFrom = 0): string[] {
  const lines: string[] = [];
  for (let index = held.index - held.reach + 1; index <= held.index; index++) {
    const taken = held.taken.get(index);
    if (taken?.author === accused) lines.push(taken.line);
    const ack = index - 1 >= acksFrom ? held.acks(index - 1)?.get(accused) : undefined;
    if (ack !== undefined && ack.line !== '') lines.push(ack.line);
  }
  if (held.pending !== null && held.pending.author === accused) lines.push(held.pending.line);
  for (const round of held.rounds) {
    if (round === null) continue;
    const hash = round.hashes.get(accused)?.line;
    const number = round.numbers.get(accused)?.line;
    if (hash) lines.push(hash);
    if (number) lines.push(number);
  }
  lines.push(...evidence);
  return lines;
}
