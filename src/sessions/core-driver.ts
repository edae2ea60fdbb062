// The one session driver: runs any game core (core/contract.ts Core) over links. It moves lines in
// and out, keeps the record, runs one timer at the core's wakeAt and asks the seat when a decision
// is due. The mesh and star sessions are this driver plus what their profile adds around it.

import type { Core, SessionEvent, SessionResult } from '../core/contract.js';
import type { Link } from '../net/link.js';
import type { Recorder } from '../store/transcript-recorder.js';
import type { Seat } from './seat.js';
import { WakeTimer } from './wake-timer.js';

export interface DriverConfig<S, A, E> {
  readonly core: Core<S, A, E>;
  /** The link to each other player (a player that rejoins gets a new one: relink). */
  readonly links: ReadonlyMap<number, Link>;
  readonly seat: Seat<S, A>;
  /** The player the seat plays. */
  readonly player: () => number;
  readonly recorder?: Recorder<A>;
  readonly onEvent?: (event: SessionEvent<S, E>) => void;
  /** Close every link when the game ends here (a star client's peers keep theirs open otherwise). */
  readonly closeLinksAtEnd: boolean;
  /** A line the profile answers itself instead of the core (a rejoin request): true if it did. */
  readonly intercept?: (player: number, link: Link, line: string) => boolean;
  /** A decision answered without asking the seat (a capital chosen before a rejoin), if any. */
  readonly answerFirst?: (due: { readonly index: number; readonly state: S }) => A | undefined;
  readonly onFinish: (result: SessionResult<S>) => void;
}

export class CoreDriver<S, A, E> {
  readonly links: Map<number, Link>;
  private readonly wake = new WakeTimer();
  private deciding = false;
  /** The decision last answered: asked again unchanged, the answer was not taken (see maybeDecide). */
  private answered: { readonly index: number; readonly state: S } | null = null;
  private askAgain: ReturnType<typeof setImmediate> | null = null;
  private closed = false;

  constructor(private readonly config: DriverConfig<S, A, E>) {
    this.links = new Map(config.links);
  }

  /** Listens on every link, then starts the core. */
  start() {
    for (const [player, link] of this.links) this.attach(player, link);
    this.config.core.start(Date.now());
    this.flush();
  }

  /** `link` replaces the link to `player` (closing the old one); lines on the old one are ignored from now. */
  relink(player: number, link: Link) {
    const old = this.links.get(player);
    this.links.set(player, link);
    old?.close();
    this.attach(player, link);
  }

  /** Runs `act` on the core now, then carries out what it asked for. */
  act(act: (core: Core<S, A, E>, now: number) => void) {
    act(this.config.core, Date.now());
    this.flush();
  }

  private attach(player: number, link: Link) {
    link.onLine((line) => {
      if (this.links.get(player) !== link) return;
      if (this.config.intercept?.(player, link, line)) return;
      this.act((core, now) => core.receive(player, line, now));
    });
    link.onClose(() => {
      if (this.links.get(player) !== link) return;
      this.act((core, now) => core.linkClosed(player, now));
    });
  }

  /** Carries out the core's effects, then sets the timer and asks the seat if a decision is due. */
  flush() {
    const { core, recorder, onEvent } = this.config;
    if (this.closed) {
      // After the end a core may still answer one player (a peer behind it asks for lines) while
      // the links stay open; nothing else goes out.
      for (const effect of core.drain())
        if (effect.type === 'send' && effect.to !== null) this.links.get(effect.to)?.send(effect.line);
      return;
    }
    for (const effect of core.drain()) {
      switch (effect.type) {
        case 'send':
          if (effect.to === null) for (const link of this.links.values()) link.send(effect.line);
          else this.links.get(effect.to)?.send(effect.line);
          break;
        case 'record':
          if (effect.dir === 'in') recorder?.incoming(effect.from, effect.line);
          else if (effect.dir === 'out') recorder?.outgoing(effect.line);
          else recorder?.note(JSON.parse(effect.line) as Record<string, unknown>);
          break;
        case 'event':
          onEvent?.(effect.event);
          break;
        case 'cut':
          onEvent?.({ type: 'info', text: `closed the link to player ${effect.player}: ${effect.reason}` });
          this.links.get(effect.player)?.close();
          break;
        case 'sync':
          recorder?.sync();
          break;
        case 'step':
          recorder?.step?.(effect.action, effect.numbers);
          break;
        case 'unstep':
          recorder?.unstep?.(effect.count);
          break;
      }
    }
    const result = core.finished;
    if (result !== null) return this.finish(result);
    this.wake.set(core.wakeAt, () => this.act((c, now) => c.tick(now)));
    this.maybeDecide();
  }

  private maybeDecide() {
    const due = this.config.core.decisionDue;
    if (due === null || this.deciding || this.askAgain !== null) return;
    if (this.answered?.index === due.index && this.answered.state === due.state) {
      // The core did not take the answer (a refused move): the seat is asked again once the lines
      // that arrived meanwhile are read, never in a loop of promises that would starve them.
      this.askAgain = setImmediate(() => {
        this.askAgain = null;
        this.answered = null;
        if (!this.closed) this.maybeDecide();
      });
      return;
    }
    const answer = this.config.answerFirst?.(due);
    if (answer !== undefined) {
      this.answered = due;
      return this.act((core, now) => core.decide(due.index, answer, now));
    }
    this.deciding = true;
    this.config.seat
      .decide(due.state, this.config.player())
      .then((action) => {
        this.deciding = false;
        this.answered = due;
        this.act((core, now) => core.decide(due.index, action, now));
      })
      .catch((error: Error) => {
        this.deciding = false;
        this.act((core, now) => core.undecided(due.index, error.message, now));
      });
  }

  private finish(result: SessionResult<S>) {
    if (this.closed) return;
    this.closed = true;
    this.wake.clear();
    if (this.askAgain !== null) clearImmediate(this.askAgain);
    this.config.recorder?.close();
    if (this.config.closeLinksAtEnd) for (const link of this.links.values()) link.close();
    this.config.onFinish(result);
  }
}
