// Evidence about a peer's message, bounded in size whatever the message: its digest, its length
// and a short excerpt. A receiver can match the digest against the line it holds itself.
import { createHash } from 'node:crypto';
import { MAX_EVIDENCE_ITEM } from './messages.js';

const EXCERPT = 200;

export function evidenceOf(line: string): string {
  const digest = createHash('sha256').update(line).digest('hex');
  const head = line.length > EXCERPT ? `${line.slice(0, EXCERPT)}…` : line;
  const item = JSON.stringify({ sha256: digest, length: line.length, excerpt: head });
  return item.length <= MAX_EVIDENCE_ITEM ? item : JSON.stringify({ sha256: digest, length: line.length });
}
