// A RISC record read back as its story: the board after the placement and after every turn, with
// that turn's events (the replay), and each player's statistics (the store's analysis). The same
// replica every peer ran reads the lines, so the story is the game that was played.
import type { RiscEvent, RiscState } from '../../model/risc/index.js';
import { territoriesOf, unitsOf } from '../../model/risc/index.js';
import { emptyTally, type GameAnalysis, type PlayerTally } from '../steps/analysis.js';
import { type RiscHeader, RiscHeaderSchema, type RiscRecordLine, RiscRecordLineSchema } from './record.js';
import { RiscReplica } from './replica.js';

export interface RiscFrame {
  /** -1: before the placement; 0: the placement; else the turn just executed. */
  readonly turn: number;
  readonly state: RiscState;
  readonly events: readonly RiscEvent[];
}

export interface RiscStory {
  readonly header: RiscHeader['payload'];
  /** Before the placement, then after it and after each turn. */
  readonly frames: readonly RiscFrame[];
  /** Where the record ends (the game may go on from here). */
  readonly final: RiscState;
  /** Lines read up to the end of the last whole round (placement or turn). */
  readonly wholeLines: number;
}

/** Parses record lines (JSON text or values); the first must be the header. */
export function parseRiscLines(
  raw: readonly (string | unknown)[],
): { ok: true; lines: RiscRecordLine[] } | { ok: false; reason: string } {
  const lines: RiscRecordLine[] = [];
  for (const [i, item] of raw.entries()) {
    let value: unknown = item;
    if (typeof item === 'string') {
      try {
        value = JSON.parse(item);
      } catch {
        return { ok: false, reason: `line ${i + 1} is not JSON` };
      }
    }
    const parsed = i === 0 ? RiscHeaderSchema.safeParse(value) : RiscRecordLineSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { ok: false, reason: `line ${i + 1}: ${issue.path.join('.') || '(line)'}: ${issue.message}` };
    }
    lines.push(parsed.data);
  }
  return lines.length > 0 ? { ok: true, lines } : { ok: false, reason: 'the record is empty' };
}

/** Replays a parsed record; a record that breaks the rules is refused (risk verify says where). */
export function riscStory(
  lines: readonly RiscRecordLine[],
): { ok: true; story: RiscStory } | { ok: false; reason: string } {
  const [first, ...rest] = lines;
  if (first?.command !== 'risc_game') return { ok: false, reason: 'the record does not start with a risc_game header' };
  const started = RiscReplica.start(first);
  if (!started.ok) return started;
  const replica = started.value;
  const frames: RiscFrame[] = [{ turn: -1, state: replica.state, events: [] }];
  let wholeLines = 1;
  for (const [i, line] of rest.entries()) {
    const applied = replica.apply(line, i + 2);
    if (applied.violations.length > 0)
      return { ok: false, reason: `line ${applied.violations[0]!.line}: ${applied.violations[0]!.reason}` };
    if (applied.executed)
      frames.push({ turn: applied.executed.turn, state: replica.state, events: applied.executed.events });
    // A round is whole once its board line is in (a turn), or once it executed (the placement).
    if (line.command === 'risc_turn' || (applied.executed && applied.executed.turn === 0)) wholeLines = i + 2;
  }
  return { ok: true, story: { header: first.payload, frames, final: replica.state, wholeLines } };
}

/** Each player's statistics and the per-turn series, in the shape the store keeps for every game. */
export function riscAnalysis(story: RiscStory): GameAnalysis {
  const players = story.header.players.length;
  // RISC's ring battles keep no per-roll odds: no luck figure (expected is set to the actual losses).
  const tallies: PlayerTally[] = Array.from({ length: players }, emptyTally);
  const series = { turns: [] as number[], territories: [] as number[][], armies: [] as number[][] };
  const sample = (state: RiscState) => {
    series.turns.push(state.turn);
    series.territories.push(state.players.map((p) => territoriesOf(state, p.id).length));
    series.armies.push(state.players.map((p) => unitsOf(state, p.id)));
  };
  for (const frame of story.frames.slice(1)) {
    for (const e of frame.events) {
      if (e.kind !== 'battle') continue;
      for (const f of e.list) {
        const tally = tallies[f.player]!;
        tally.battles++;
        tally.armiesLost += f.units - (f.player === e.winner.player ? e.winner.units : 0);
      }
      if (e.winner.player !== e.defender.player) {
        tallies[e.winner.player]!.territoriesTaken++;
        tallies[e.defender.player]!.territoriesLost++;
      }
    }
    sample(frame.state);
  }
  for (const t of tallies) t.armiesLostExpected = t.armiesLost;
  story.final.players.forEach((p, seat) => {
    tallies[seat]!.finalTerritories = territoriesOf(story.final, p.id).length;
    tallies[seat]!.finalArmies = unitsOf(story.final, p.id);
  });
  return { players: tallies, series };
}
