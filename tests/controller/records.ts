// Audits a game record file written by a peer, as `risk verify` does.
import { readFileSync } from 'node:fs';
import { verifyTranscript } from '../../src/controller/verify.js';
import { parseTranscript } from '../../src/protocol/transcript.js';

export function verifyRecord(path: string) {
  const parsed = parseTranscript(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.reason);
  return verifyTranscript(parsed.lines, { lenient: false });
}
