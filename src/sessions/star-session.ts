// A game session on the cs3099 profile: plain TCP in a star. It drives the star peer core
// (core/star/star-peer.ts) with the links, the clock and this machine's seat: the rules of the
// profile (relaying, acknowledgements, the host's timeouts, a client's verdicts) all live in the
// core; this file only moves lines, runs one timer, asks the seat and keeps the record.

import type { SessionEvent, SessionPlayer, SessionResult } from '../core/contract.js';
import { StarPeer, type StarPeerConfig } from '../core/star/star-peer.js';
import type { GameState } from '../model/index.js';
import type { Link } from '../net/link.js';
import type { Recorder } from '../store/transcript-recorder.js';
import type { Seat } from './seat.js';
import { WakeTimer } from './wake-timer.js';

export interface StarConfig extends Omit<StarPeerConfig, 'links'> {
  readonly players: readonly SessionPlayer[];
  /** Host: a link to each client. Client: the link to the host (player 0). */
  readonly links: ReadonlyMap<number, Link>;
  readonly seat: Seat;
  readonly recorder?: Recorder;
  readonly onEvent?: (event: SessionEvent) => void;
}

export class StarSession {
  private readonly peer: StarPeer;
  private readonly wake = new WakeTimer();
  private deciding = false;
  private closed = false;
  private resolve!: (result: SessionResult) => void;
  private readonly done: Promise<SessionResult>;

  constructor(private readonly config: StarConfig) {
    const { links, seat: _seat, recorder: _recorder, onEvent: _onEvent, ...peer } = config;
    this.peer = new StarPeer({ ...peer, links: [...links.keys()] });
    this.done = new Promise((resolve) => (this.resolve = resolve));
  }

  get current(): GameState {
    return this.peer.current;
  }

  /** The wire id of a seat (the same number unless a host that does not play numbered its clients otherwise). */
  playerId(seat: number): number {
    return this.peer.playerId(seat);
  }

  /** Why the game could not go on for this peer (the host went away), if it could not. */
  get problem(): string | null {
    return this.peer.problem;
  }

  run(): Promise<SessionResult> {
    // The record's header first: a link may hand over lines that waited for a listener at once.
    this.flush();
    for (const [player, link] of this.config.links) {
      link.onLine((line) => {
        this.peer.receive(player, line, Date.now());
        this.flush();
      });
      link.onClose(() => {
        this.peer.linkClosed(player, Date.now());
        this.flush();
      });
    }
    this.peer.start(Date.now());
    this.flush();
    return this.done;
  }

  stop() {
    this.peer.stop();
    this.flush();
  }

  /** Leaves the game: tells the others (who make this player neutral), then stops. */
  leave(reason?: string) {
    this.peer.leave(Date.now(), reason);
    this.flush();
  }

  private flush() {
    if (this.closed) return;
    const { recorder, onEvent } = this.config;
    for (const effect of this.peer.drain()) {
      switch (effect.type) {
        case 'send':
          if (effect.to === null) for (const link of this.config.links.values()) link.send(effect.line);
          else this.config.links.get(effect.to)?.send(effect.line);
          break;
        case 'record':
          if (effect.dir === 'in') recorder?.incoming(effect.from, effect.line);
          else if (effect.dir === 'out') recorder?.outgoing(effect.line);
          else recorder?.note(JSON.parse(effect.line) as Record<string, unknown>);
          break;
        case 'event':
          onEvent?.(effect.event);
          break;
        default:
          break; // the star peer asks for nothing else
      }
    }
    const result = this.peer.finished;
    if (result !== null) return this.finish(result);
    this.schedule();
    this.maybeDecide();
  }

  private schedule() {
    this.wake.set(this.peer.wakeAt, () => {
      this.peer.tick(Date.now());
      this.flush();
    });
  }

  private maybeDecide() {
    const due = this.peer.decisionDue;
    if (due === null || this.deciding) return;
    this.deciding = true;
    this.config.seat
      .decide(due.state, this.peer.seat)
      .then((action) => {
        this.deciding = false;
        this.peer.decide(due.index, action, Date.now());
        this.flush();
      })
      .catch((error: Error) => {
        this.deciding = false;
        this.peer.undecided(due.index, error.message);
        this.flush();
      });
  }

  private finish(result: SessionResult) {
    if (this.closed) return;
    this.closed = true;
    this.wake.clear();
    this.config.recorder?.close();
    // Class peers keep their sockets open after the game: ours closes its own, or the process lives on.
    for (const link of this.config.links.values()) link.close();
    this.resolve(result);
  }
}
