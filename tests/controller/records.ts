// Audits a game record file written by a peer, as `risk verify` does.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { verifyTranscript } from '../../src/audit/verify.js';
import { parseTranscript } from '../../src/protocol/transcript.js';
import { type SessionResult, stateHash } from '../../src/sessions/mesh-session.js';

export function verifyRecord(path: string) {
  const parsed = parseTranscript(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.reason);
  return verifyTranscript(parsed.lines, { lenient: false });
}

/** Every peer ended with the same winner and state and saw no violation; returns the winner. */
export function expectAgreement(results: readonly SessionResult[]): number {
  const winner = results[0]!.winner;
  expect(winner).not.toBeNull();
  for (const r of results) {
    expect(r.winner).toBe(winner);
    expect(r.violations).toEqual([]);
    expect(stateHash(r.state)).toBe(stateHash(results[0]!.state));
  }
  return winner!;
}
