// Replicas driven directly through the core contract, with no session, no link and no timer:
// lines and `now` in, effects out. The harness delivers each `send` effect to its recipients in
// order, asks a bot for each decision due, and moves the clock to the earliest `wakeAt` only when
// nothing else is left to do. A hook may rewrite (or drop) any line on its way.
import { createHash } from 'node:crypto';
import { createBot } from '../../src/ai/registry.js';
import type { Effect, SessionEvent } from '../../src/core/contract.js';
import { featuresFrom, LOCKSTEP_FEATURES } from '../../src/core/contract.js';
import type { MeshGame } from '../../src/core/native/game.js';
import { Replica } from '../../src/core/native/replica.js';
import type { Action, GameEvent, GameState, OptionsInput } from '../../src/model/index.js';
import { memoryMesh } from '../../src/net/memory.js';
import { seededDice } from '../../src/protocol/random.js';
import type { Keyring } from '../../src/protocol/signing.js';
import { checkedOnce } from '../support/signature-cache.js';

export interface CoreMeshOptions {
  readonly players: number;
  readonly seed: number;
  readonly rules?: Omit<OptionsInput, 'players'>;
  /** The lines player `from` sends `to`, instead of `line` (default: the line). */
  readonly rewrite?: (from: number, to: number, line: string) => string[];
  /** Players whose seat never decides (a process that hangs). */
  readonly idle?: ReadonlySet<number>;
}

/** Another game than the classic one: its rules for each peer, and each seat's decision when due. */
export interface GameSetup<S, A, E> {
  /** Absent: the classic game with the options' rules. */
  readonly game?: (me: number, gameId: string) => MeshGame<S, A, E>;
  /** The move of seat `me` for a decision due, or null for none (the seat stays silent). */
  readonly decide: (me: number, due: { readonly index: number; readonly state: S }) => A | null;
}

export interface CoreMesh<S = GameState, A extends { readonly command: string } = Action, E = GameEvent> {
  readonly replicas: readonly Replica<S, A, E>[];
  readonly keyrings: readonly Keyring[];
  readonly gameId: string;
  /** Every effect each replica gave, in order. */
  readonly effects: Effect<S, A, E>[][];
  /** Plays until every replica has finished or `limit` steps have passed; returns the virtual time. */
  run(limit?: number): number;
}

export const ACK_MS = 1000;
export const MOVE_MS = 4000;

export async function coreMesh(options: CoreMeshOptions): Promise<CoreMesh> {
  const bots = Array.from({ length: options.players }, (_, me) =>
    createBot('normal', seededDice(options.seed * 100 + me)),
  );
  return gameMesh<GameState, Action, GameEvent>(options, {
    decide: (me, due) => bots[me]!.decide(due.state, me),
  });
}

/** The mesh of `coreMesh` for any game (`setup.game`); lockstep (RISC plays no pipelining; these rogues sign without a parent). */
export async function gameMesh<S, A extends { readonly command: string }, E>(
  options: CoreMeshOptions,
  setup: GameSetup<S, A, E>,
): Promise<CoreMesh<S, A, E>> {
  const { players, seed } = options;
  const mesh = await memoryMesh(players, seed, checkedOnce());
  const gameId = `core-${seed}`;
  const features = featuresFrom([...LOCKSTEP_FEATURES]);
  const replicas = Array.from(
    { length: players },
    (_, me) =>
      new Replica<S, A, E>(
        {
          me,
          players: mesh.peerIds.map((_, id) => ({ id, name: `p${id}` })),
          gameId,
          features,
          keyring: mesh.keyrings[me]!,
          ackTimeoutMs: ACK_MS,
          moveTimeoutMs: MOVE_MS,
          ...(options.rules ? { rules: options.rules } : {}),
          secretNumbers: (() => {
            let n = 0;
            return () => Uint8Array.from(createHash('sha256').update(`${seed} ${me} ${n++}`).digest());
          })(),
        },
        setup.game?.(me, gameId),
      ),
  );
  const effects: Effect<S, A, E>[][] = replicas.map(() => []);
  const queue: { from: number; to: number; line: string }[] = [];
  let now = 0;
  const collect = (from: number) => {
    for (const effect of replicas[from]!.drain()) {
      effects[from]!.push(effect);
      if (effect.type !== 'send') continue;
      const to = effect.to === null ? replicas.map((_, i) => i).filter((i) => i !== from) : [effect.to];
      for (const t of to)
        for (const line of options.rewrite ? options.rewrite(from, t, effect.line) : [effect.line])
          queue.push({ from, to: t, line });
    }
  };
  for (let i = 0; i < players; i++) {
    replicas[i]!.start(now);
    collect(i);
  }
  return {
    replicas,
    keyrings: mesh.keyrings,
    gameId,
    effects,
    run(limit = 2_000_000) {
      for (let step = 0; step < limit && replicas.some((r) => r.finished === null); step++) {
        const next = queue.shift();
        if (next !== undefined) {
          replicas[next.to]!.receive(next.from, next.line, now);
          collect(next.to);
          continue;
        }
        const deciding = replicas.findIndex((r, i) => r.decisionDue !== null && !options.idle?.has(i));
        if (deciding >= 0) {
          const due = replicas[deciding]!.decisionDue!;
          const move = setup.decide(deciding, due);
          if (move !== null) {
            replicas[deciding]!.decide(due.index, move, now);
            collect(deciding);
            continue;
          }
        }
        const wake = Math.min(...replicas.map((r) => r.wakeAt ?? Number.POSITIVE_INFINITY));
        if (wake === Number.POSITIVE_INFINITY) break;
        now = Math.max(now, wake);
        for (let i = 0; i < players; i++) {
          replicas[i]!.tick(now);
          collect(i);
        }
      }
      return now;
    },
  };
}

/** The events among a replica's effects. */
export const eventsOf = <S, A, E>(effects: readonly Effect<S, A, E>[]): SessionEvent<S, E>[] =>
  effects.flatMap((e) => (e.type === 'event' ? [e.event] : []));
