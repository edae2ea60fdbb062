// The cs3099 (class) profile: plain TCP through a relaying host, hash-chain dice.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { listenTcp, TcpEndpoint } from '../../src/net/tcp.js';
import { seededDice } from '../../src/protocol/random.js';
import { joinLobby } from '../../src/sessions/lobby.js';
import { startLoopbackGame } from '../../src/sessions/loopback-game.js';
import { type SessionEvent, stateHash } from '../../src/sessions/mesh-session.js';
import type { Seat } from '../../src/sessions/seat.js';
import { StarSession } from '../../src/sessions/star-session.js';
import { fileRecorder } from '../../src/store/transcript-recorder.js';
import { expectAgreement, verifyRecord } from './records.js';

const bot = (seed: number): Seat =>
  botSeat(createBot('normal', seededDice(seed)), seededDice(seed + 1000), { deadlineMs: 5000 });

describe('games on the cs3099 profile', () => {
  it.each([2, 3, 6])(
    '%i of our peers reach a winner and agree on every roll',
    async (players) => {
      const dir = mkdtempSync(join(tmpdir(), `risk-cs3099-${players}-`));
      const battles: string[][] = Array.from({ length: players }, () => []);
      const game = await startLoopbackGame(
        Array.from({ length: players }, (_, i) => ({
          name: `bot${i}`,
          seat: bot(300 * players + i),
          recorder: fileRecorder(join(dir, `p${i}.jsonl`)),
        })),
        {
          profile: 'cs3099',
          ackTimeoutMs: 5000,
          moveTimeoutMs: 20_000,
          onEvent: (peer, event) => {
            if (event.type === 'game' && event.event.type === 'battle')
              battles[peer]!.push(JSON.stringify(event.event));
          },
        },
      );
      try {
        const results = await game.results;
        const winner = expectAgreement(results);
        expect(battles[0]!.length).toBeGreaterThan(0);
        for (const b of battles) expect(b).toEqual(battles[0]);
        for (let i = 0; i < players; i++) {
          const report = verifyRecord(join(dir, `p${i}.jsonl`));
          expect(report.violations).toEqual([]);
          expect(report.battles).toBe(battles[0]!.length);
          expect(report.state!.winner).toBe(winner);
        }
      } finally {
        await game.stop();
      }
    },
    120_000,
  );

  it('a client that goes silent is timed out by the host, made neutral, and the game finishes', async () => {
    const silent: Seat = { kind: 'silent', decide: () => new Promise(() => {}) };
    const events: SessionEvent[] = [];
    const game = await startLoopbackGame(
      [
        { name: 'host', seat: bot(1) },
        { name: 'sleeper', seat: silent },
        { name: 'bot2', seat: bot(3) },
      ],
      {
        profile: 'cs3099',
        ackTimeoutMs: 1000,
        moveTimeoutMs: 1500,
        onEvent: (peer, event) => peer === 0 && events.push(event),
      },
    );
    try {
      const [host, , other] = await Promise.all([game.each[0]!, game.each[1]!.catch(() => null), game.each[2]!]).then(
        (r) => r,
      );
      expect(events.some((e) => e.type === 'neutral' && e.player === 1)).toBe(true);
      expect(host!.winner).not.toBeNull();
      expect(host!.winner).not.toBe(1);
      expect(stateHash(other!.state)).toBe(stateHash(host!.state));
    } finally {
      await game.stop();
    }
  }, 120_000);
});

// ---- our client against the recorded host of class-2p-game-a ----

const transcript = fileURLToPath(new URL('../fixtures/transcripts/class-2p-game-a.jsonl', import.meta.url));

interface TranscriptRow {
  dir: string;
  raw: string;
}

describe('our client against the recorded class host', () => {
  it('answers the lobby and both start-up dice rounds as §3–§6 require', async () => {
    const records = readFileSync(transcript, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as TranscriptRow);
    // The recording up to the first setup: lobby, then the first-player and deck rounds.
    const end = records.findIndex((r) => r.raw.includes('"setup"'));
    const script = records.slice(0, end).filter((r) => r.dir === 'host->client' || r.dir === 'client->host');
    const listener = await listenTcp('127.0.0.1', 0);
    const replies: Record<string, unknown>[] = [];
    const problems: string[] = [];
    const hostSide = new Promise<void>((resolve) => {
      listener.onLink(async (link) => {
        const lines: string[] = [];
        let wake: (() => void) | null = null;
        link.onLine((line) => {
          lines.push(line);
          wake?.();
        });
        const nextFromClient = async () => {
          const deadline = Date.now() + 5000;
          while (lines.length === 0 && Date.now() < deadline)
            await new Promise<void>((r) => ((wake = r), setTimeout(r, 50)));
          return lines.length > 0 ? (JSON.parse(lines.shift()!) as Record<string, unknown>) : null;
        };
        const hashes: string[] = [];
        for (const step of script) {
          if (step.dir === 'host->client') {
            link.send(step.raw);
            continue;
          }
          // Where the recorded client spoke, ours must say the same kind of thing.
          const recorded = JSON.parse(step.raw) as Record<string, unknown>;
          const reply = await nextFromClient();
          if (reply === null) {
            problems.push(`no reply where the recording has ${recorded.command}`);
            break;
          }
          replies.push(reply);
          if (reply.command !== recorded.command)
            problems.push(`sent ${String(reply.command)} where the recording has ${String(recorded.command)}`);
          if (reply.command === 'roll_hash') hashes.push(reply.payload as string);
          if (reply.command === 'roll_number') {
            const hash = createHash('sha256')
              .update(Buffer.from(reply.payload as string, 'hex'))
              .digest('hex');
            if (hash !== hashes.shift()) problems.push('a revealed number does not match its commitment');
          }
        }
        resolve();
      });
    });
    const client = joinLobby(new TcpEndpoint(null), `127.0.0.1:${listener.port}`, {
      name: 'ours',
      features: [],
      startTimeoutMs: 10_000,
    });
    const lobby = await client;
    expect(lobby.ok).toBe(true);
    if (!lobby.ok) return;
    const session = new StarSession({
      me: lobby.roster.me,
      role: 'client',
      players: lobby.roster.players.map((p) => ({ id: p.id, name: p.name })),
      links: lobby.roster.links,
      seat: bot(9),
      ackTimeoutMs: lobby.roster.ackTimeoutMs,
      moveTimeoutMs: lobby.roster.moveTimeoutMs,
    });
    void session.run();
    await hostSide;
    // The host's last reveal may still be on its way.
    for (let i = 0; i < 100 && session.current.phase !== 'setup'; i++) await new Promise((r) => setTimeout(r, 20));
    session.stop();
    for (const link of lobby.roster.links.values()) link.close();
    await listener.close();

    expect(problems).toEqual([]);
    expect(lobby.roster.me).toBe(1);
    expect(lobby.roster.ackTimeoutMs).toBe(2000); // read from the recorded peer's acknowledgementTimeout
    const [join_, ping, ack, ...rolls] = replies;
    expect(join_).toMatchObject({ command: 'join_game', payload: { supported_versions: [1], supported_features: [] } });
    expect(ping).toEqual({ command: 'ping', payload: null, player_id: 1 });
    expect(ack).toEqual({ command: 'acknowledgement', payload: 0, player_id: 1 });
    expect(rolls.map((r) => r.command)).toEqual(['roll_hash', 'roll_number', 'roll_hash', 'roll_number']);
    for (const r of rolls) {
      expect(r.player_id).toBe(1);
      expect(r.payload).toMatch(/^[0-9a-f]{64}$/);
      expect(r).not.toHaveProperty('ack_id');
    }
    // The client took part in both rounds and so knows the first player and the deck.
    expect(session.current.phase).toBe('setup');
  }, 60_000);
});
