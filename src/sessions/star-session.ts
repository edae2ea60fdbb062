// A game session on the cs3099 profile: plain TCP in a star. It drives the star peer core
// (core/star/star-peer.ts) with the links, the clock and this machine's seat: the rules of the
// profile (relaying, acknowledgements, the host's timeouts, a client's verdicts) all live in the
// core, run by the one session driver (core-driver.ts).

import type { SessionEvent, SessionPlayer, SessionResult } from '../core/contract.js';
import { StarPeer, type StarPeerConfig } from '../core/star/star-peer.js';
import type { Action, GameEvent, GameState } from '../model/index.js';
import type { Link } from '../net/link.js';
import type { Recorder } from '../store/transcript-recorder.js';
import { CoreDriver } from './core-driver.js';
import type { Seat } from './seat.js';

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
  private readonly driver: CoreDriver<GameState, Action, GameEvent>;
  private readonly done: Promise<SessionResult>;

  constructor(config: StarConfig) {
    const { links, seat, recorder, onEvent, ...peer } = config;
    this.peer = new StarPeer({ ...peer, links: [...links.keys()] });
    let resolve!: (result: SessionResult) => void;
    this.done = new Promise((r) => (resolve = r));
    this.driver = new CoreDriver({
      core: this.peer,
      links,
      seat,
      player: () => this.peer.seat,
      ...(recorder ? { recorder } : {}),
      ...(onEvent ? { onEvent } : {}),
      // Class peers keep their sockets open after the game: ours closes its own, or the process lives on.
      closeLinksAtEnd: true,
      onFinish: resolve,
    });
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
    this.driver.flush();
    this.driver.start();
    return this.done;
  }

  stop() {
    this.driver.act((core) => core.stop());
  }

  /** Leaves the game: tells the others (who make this player neutral), then stops. */
  leave(reason?: string) {
    this.driver.act((core, now) => core.leave(now, reason));
  }
}
