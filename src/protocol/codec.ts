// JSON-lines framing for the class protocol (cs3099-observed.md §1): one JSON object per line,
// bare or wrapped in the late-course envelope {"message": "<inner JSON>", "signature"?: …}.
// Decoding never throws: a peer's bad line is a value to report, not a crash.
import { encodeMessage, type Message, type ParseResult, parseMessage, show } from './messages.js';

/**
 * Longest line accepted, in UTF-16 code units. The longest recorded class line is ~1.3 k and a
 * native expel (a few signed lines as proof) stays under 20 k; anything longer is a peer's fault,
 * and the splitter drops it without keeping its bytes.
 */
export const MAX_LINE_LENGTH = 1 << 16;

export type DecodeResult = ParseResult;

const fail = (reason: string): DecodeResult => ({ ok: false, reason });

/** Decodes one line (with or without its terminator) into a canonical message, an ignorable command, or a reason. */
export function decodeLine(line: string): DecodeResult {
  try {
    return decode(line);
  } catch (error) {
    // Only a bug in this module or zod gets here; it must still not take the connection down.
    return fail(`line: decoder bug (${error instanceof Error ? error.message : String(error)})`);
  }
}

function decode(line: string): DecodeResult {
  if (typeof line !== 'string') return fail(`line: expected a string, got ${show(line)}`);
  if (line.length > MAX_LINE_LENGTH) return fail(`line: ${line.length} characters, over the ${MAX_LINE_LENGTH} limit`);
  const outer = parseJson(line, 'line');
  if (!outer.ok) return outer;
  const value = outer.value;
  if (isEnvelope(value)) return decodeEnvelope(value);
  return parseMessage(value);
}

/** An envelope has `message` and no `command`: a leave_game payload's `message` sits one level down. */
function isEnvelope(value: unknown): value is { message: unknown } {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !('command' in value) && 'message' in value
  );
}

function decodeEnvelope(envelope: { message: unknown }): DecodeResult {
  let inner = envelope.message;
  if (typeof inner === 'string') {
    const parsed = parseJson(inner, 'message');
    if (!parsed.ok) return parsed;
    inner = parsed.value;
  } else if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
    return fail(`message: expected the inner message as a JSON string, got ${show(inner)}`);
  }
  // Tolerated: the inner message as an object rather than a string. Not tolerated: envelopes in envelopes.
  if (isEnvelope(inner)) return fail('message: an envelope inside an envelope');
  return parseMessage(inner);
}

function parseJson(text: string, field: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: false, reason: `${field}: empty` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `${field}: not JSON (${detail.length > 120 ? `${detail.slice(0, 120)}…` : detail})` };
  }
}

export interface EncodeOptions {
  /** Wrap in {"message": "…"}. Only for peers known to want it: the recorded peer cannot read it (§1). */
  readonly envelope?: boolean;
}

/** One newline-terminated line for a message: canonical, bare unless asked for the envelope. */
export function encodeLine(message: Message, options: EncodeOptions = {}): string {
  const bare = JSON.stringify(encodeMessage(message));
  return `${options.envelope ? JSON.stringify({ message: bare }) : bare}\n`;
}

// ---------------------------------------------------------------------------------------------

export type SplitItem = { readonly ok: true; readonly line: string } | { readonly ok: false; readonly reason: string };

/**
 * Cuts a byte or text stream into lines (without "\n" or "\r\n"). A line growing past `maxLength`
 * yields one error and is skipped up to its newline, so one bad line does not poison the rest.
 */
export class LineSplitter {
  readonly maxLength: number;
  #partial = '';
  #skipping = false;
  #decoder = new TextDecoder('utf-8');

  constructor(maxLength: number = MAX_LINE_LENGTH) {
    this.maxLength = maxLength;
  }

  /** Feeds a chunk; returns the lines (and overflow errors) it completes, in order. */
  push(chunk: string | Uint8Array): SplitItem[] {
    // A string after bytes: flush any half character first (it becomes U+FFFD).
    const text =
      typeof chunk === 'string' ? this.#decoder.decode() + chunk : this.#decoder.decode(chunk, { stream: true });
    const out: SplitItem[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const piece = text.slice(start, end);
      start = end + 1;
      if (this.#skipping) {
        this.#skipping = false;
        continue;
      }
      this.#emit(this.#partial + piece, out);
      this.#partial = '';
    }
    if (!this.#skipping) {
      this.#partial += text.slice(start);
      // +1: room for the "\r" of a "\r\n" that has not arrived yet.
      if (this.#partial.length > this.maxLength + 1) {
        out.push(this.#overflow());
        this.#partial = '';
        this.#skipping = true;
      }
    }
    return out;
  }

  /** The stream ended: returns a last line that had no newline, if any. */
  end(): SplitItem[] {
    const rest = this.#partial + this.#decoder.decode();
    const skipping = this.#skipping;
    this.#partial = '';
    this.#skipping = false;
    if (skipping || rest === '') return [];
    const out: SplitItem[] = [];
    this.#emit(rest, out);
    return out;
  }

  #emit(raw: string, out: SplitItem[]): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    out.push(line.length > this.maxLength ? this.#overflow() : { ok: true, line });
  }

  #overflow(): SplitItem {
    return { ok: false, reason: `line: longer than ${this.maxLength} characters; skipped up to its newline` };
  }
}
