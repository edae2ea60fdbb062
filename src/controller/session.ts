// A game session on the native full mesh: it drives the replica core (core/replica.ts) with the
// links, the clock and this machine's seats. The rules of play, dice, proof and timeouts all live
// in the core; this file only moves lines, runs one timer and asks the seat.

import type { GameState, OptionsInput } from '../model/index.js';
import type { Keyring } from '../protocol/signing.js';
import { Replica } from './core/replica.js';
import {
  featureNames,
  type SessionEvent,
  type SessionFeatures,
  type SessionPlayer,
  type SessionResult,
} from './core/types.js';
import type { Link } from './net/link.js';
import type { Recorder } from './recorder.js';
import type { Seat } from './seat.js';

export { stateHash } from './core/replica.js';
export {
  featuresFrom,
  NATIVE_FEATURES,
  type Outcome,
  type SessionEvent,
  type SessionFeatures,
  type SessionPlayer,
  type SessionResult,
} from './core/types.js';

export interface SessionConfig {
  readonly me: number;
  readonly players: readonly (SessionPlayer & { readonly peerId?: string })[];
  /** A link to every other player. */
  readonly links: ReadonlyMap<number, Link>;
  /** The seat played on this machine. */
  readonly seat: Seat;
  readonly gameId: string;
  readonly features: SessionFeatures;
  /** This peer's signing key and every player's public key (signed_messages). */
  readonly keyring?: Keyring;
  readonly rules?: Omit<OptionsInput, 'players'>;
  readonly ackTimeoutMs: number;
  readonly moveTimeoutMs: number;
  readonly recorder?: Recorder;
  readonly onEvent?: (event: SessionEvent) => void;
  /** See ReplicaConfig.secretNumbers (tests). */
  readonly secretNumbers?: () => Uint8Array;
  /** Go on with a stored game from an agreed point (see ReplicaConfig.resume and controller/resume.ts). */
  readonly resume?: { readonly state: GameState; readonly index: number; readonly from: ResumedFrom };
}

/** What a resumed session's record says it continues. */
export interface ResumedFrom {
  /** The id of the game as first played (its records hold the moves before the resume). */
  readonly gameId: string;
  readonly index: number;
  readonly hash: string;
}

export class MeshSession {
  private readonly replica: Replica;
  private timer: NodeJS.Timeout | null = null;
  private timerAt: number | null = null;
  private deciding = false;
  private closed = false;
  private resolve!: (result: SessionResult) => void;
  private readonly done: Promise<SessionResult>;

  constructor(private readonly config: SessionConfig) {
    this.replica = new Replica({
      me: config.me,
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      gameId: config.gameId,
      features: config.features,
      ackTimeoutMs: config.ackTimeoutMs,
      moveTimeoutMs: config.moveTimeoutMs,
      ...(config.rules ? { rules: config.rules } : {}),
      ...(config.keyring ? { keyring: config.keyring } : {}),
      ...(config.secretNumbers ? { secretNumbers: config.secretNumbers } : {}),
      ...(config.resume ? { resume: { state: config.resume.state, index: config.resume.index } } : {}),
    });
    this.done = new Promise((resolve) => (this.resolve = resolve));
  }

  get current(): GameState {
    return this.replica.current;
  }

  /** Plays the game to the end; resolves with this peer's outcome. Never rejects for a peer's fault. */
  run(): Promise<SessionResult> {
    const { recorder, rules, features } = this.config;
    recorder?.note({
      me: this.config.me,
      profile: 'native',
      gameId: this.config.gameId,
      features: featureNames(features),
      rules: rules ?? {},
      players: this.config.players.map((p) => ({ id: p.id, name: p.name, peerId: p.peerId ?? '' })),
      ackTimeoutMs: this.config.ackTimeoutMs,
      moveTimeoutMs: this.config.moveTimeoutMs,
      ...(this.config.resume ? { resumedFrom: this.config.resume.from } : {}),
    });
    for (const [player, link] of this.config.links) {
      link.onLine((line) => {
        this.replica.receive(player, line, Date.now());
        this.flush();
      });
      link.onClose(() => {
        this.replica.linkClosed(player, Date.now());
        this.flush();
      });
    }
    this.replica.start(Date.now());
    this.flush();
    return this.done;
  }

  /** Leaves the game: tells everyone, then stops. */
  leave(reason?: string) {
    this.replica.leave(Date.now(), reason);
    this.flush();
  }

  /** Stops without a result for the others (tests, and errors outside the game). */
  stop() {
    this.replica.stop();
    this.flush();
  }

  private flush() {
    if (this.closed) return;
    for (const effect of this.replica.drain()) {
      switch (effect.type) {
        case 'send':
          if (effect.to === null) for (const link of this.config.links.values()) link.send(effect.line);
          else this.config.links.get(effect.to)?.send(effect.line);
          break;
        case 'record':
          if (effect.dir === 'in') this.config.recorder?.incoming(effect.from, effect.line);
          else if (effect.dir === 'out') this.config.recorder?.outgoing(effect.line);
          else this.config.recorder?.note(JSON.parse(effect.line) as Record<string, unknown>);
          break;
        case 'event':
          this.config.onEvent?.(effect.event);
          break;
        case 'cut':
          this.config.onEvent?.({ type: 'info', text: `closed the link to player ${effect.player}: ${effect.reason}` });
          this.config.links.get(effect.player)?.close();
          break;
        case 'sync':
          this.config.recorder?.sync();
          break;
        case 'step':
          this.config.recorder?.step?.(effect.action, effect.numbers);
          break;
        case 'unstep':
          this.config.recorder?.unstep?.(effect.count);
          break;
      }
    }
    const result = this.replica.finished;
    if (result !== null) return this.finish(result);
    this.schedule();
    this.maybeDecide();
  }

  private schedule() {
    const at = this.replica.wakeAt;
    if (at === this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = at;
    if (at === null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = null;
        this.replica.tick(Date.now());
        this.flush();
      },
      Math.max(0, at - Date.now()),
    );
  }

  private maybeDecide() {
    const due = this.replica.decisionDue;
    if (due === null || this.deciding) return;
    this.deciding = true;
    this.config.seat
      .decide(due.state, this.config.me)
      .then((action) => {
        this.deciding = false;
        this.replica.decide(due.index, action, Date.now());
        this.flush();
      })
      .catch((error: Error) => {
        this.deciding = false;
        this.config.onEvent?.({ type: 'info', text: `this seat failed to decide: ${error.message}` });
        this.replica.leave(Date.now(), `this seat failed to decide: ${error.message}`);
        this.flush();
      });
  }

  private finish(result: SessionResult) {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.config.recorder?.close();
    this.resolve(result);
  }
}
