// Recorded games: the line-logging proxy format of ../shared/protocol/transcripts (§11).
// One JSON record per line: t, conn, dir (client->host, host->client, open, close), raw.
import { z } from 'zod';

export const TranscriptRecordSchema = z.object({
  t: z.number(),
  conn: z.number().int(),
  // Proxy recordings use the first four; this project's own game records use in, out and note.
  dir: z.enum(['client->host', 'host->client', 'open', 'close', 'in', 'out', 'note']),
  raw: z.string(),
});

export interface TranscriptLine {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly t: number;
  readonly conn: number;
  readonly dir: 'client->host' | 'host->client' | 'open' | 'close' | 'in' | 'out' | 'note';
  readonly raw: string;
}

export type TranscriptParse =
  | { ok: true; lines: TranscriptLine[]; problems: { line: number; reason: string }[] }
  | { ok: false; reason: string };

/** Splits a transcript into records; a malformed record is reported with its line number, not thrown. */
export function parseTranscript(text: string): TranscriptParse {
  const lines: TranscriptLine[] = [];
  const problems: { line: number; reason: string }[] = [];
  const rows = text.split('\n');
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(row);
    } catch (error) {
      problems.push({ line: index + 1, reason: `not JSON: ${(error as Error).message}` });
      return;
    }
    const record = TranscriptRecordSchema.safeParse(json);
    if (!record.success) {
      const issue = record.error.issues[0]!;
      problems.push({
        line: index + 1,
        reason: `not a transcript record: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
      });
      return;
    }
    lines.push({ line: index + 1, ...record.data });
  });
  if (lines.length === 0) return { ok: false, reason: 'no transcript records found' };
  return { ok: true, lines, problems };
}
