// The header note that opens a native record (protocol-spec/record-files.md, Native records): who
// recorded it, the session's terms, and where a resumed or rejoined session went on from.
import type { TranscriptLine } from '../protocol/transcript.js';

export interface NativeHeader {
  readonly me: number;
  readonly gameId: string;
  readonly features: readonly string[];
  readonly rules: Record<string, unknown>;
  readonly players: readonly { id: number; name: string; peerId: string }[];
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  /** A resumed session's record (protocol-spec/resume.md): the game it continues, from which point. */
  readonly resumedFrom?: { readonly gameId: string; readonly index: number; readonly hash: string };
  /** A seat that rejoined (protocol-spec/resume.md, Rejoin): the point it went on from. */
  readonly rejoined?: { readonly index: number };
  /** A RISC game's terms (sessions/risc-net.ts); absent for the classic game. */
  readonly risc?: { readonly startUnits: number; readonly turnLimit: number | null };
}

/** The header of a native record, or null when the lines are not one. */
export function nativeHeader(lines: readonly TranscriptLine[]): NativeHeader | null {
  const first = lines.find((l) => l.dir === 'note');
  if (first === undefined) return null;
  try {
    const fact = JSON.parse(first.raw) as Partial<NativeHeader> & { profile?: string };
    if (fact.profile !== 'native' || !Array.isArray(fact.players) || typeof fact.me !== 'number') return null;
    return fact as NativeHeader;
  } catch {
    return null;
  }
}
