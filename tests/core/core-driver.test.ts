// The session driver asks the seat again when the core did not take its answer (a refused move)
// only after the lines that came meanwhile are read: a seat that answers at once must not starve
// the links in a loop of promises (a Secret Mission claim under pipelining once hung a peer so).
import { describe, expect, it } from 'vitest';
import type { Core, Effect, SessionResult } from '../../src/core/contract.js';
import type { Link } from '../../src/net/link.js';
import { CoreDriver } from '../../src/sessions/core-driver.js';

/** A core that refuses every answer until the line "settled" arrives, then takes the next one. */
class RefusingCore implements Core<string, string, never> {
  settled = false;
  taken: string | null = null;
  private readonly due = { index: 0, state: 'the one state' };
  start() {}
  receive(_link: number, line: string) {
    if (line === 'settled') this.settled = true;
  }
  linkClosed() {}
  tick() {}
  decide(_index: number, chosen: string) {
    if (this.settled) this.taken = chosen;
  }
  undecided() {}
  leave() {}
  stop() {}
  get decisionDue() {
    return this.taken === null ? this.due : null;
  }
  readonly wakeAt = null;
  readonly finished: SessionResult<string> | null = null;
  drain(): Effect<string, string, never>[] {
    return [];
  }
}

/** A link whose one line arrives on a later turn of the event loop, as from a socket. */
function lateLink(line: string): Link {
  let listener: ((line: string) => void) | null = null;
  setTimeout(() => listener?.(line), 1);
  return {
    remotePeer: 'peer 1',
    send() {},
    onLine(l) {
      listener = l;
      return () => {};
    },
    unread() {},
    onClose() {},
    close() {},
    closed: false,
  };
}

describe('the session driver', () => {
  it('reads the lines that arrived before asking a seat again whose answer was not taken', async () => {
    const core = new RefusingCore();
    let asked = 0;
    const driver = new CoreDriver<string, string, never>({
      core,
      links: new Map([[1, lateLink('settled')]]),
      // Answers at once; gives up (never answers) after 1,000 asks, so the test ends either way.
      seat: { kind: 'bot', decide: () => (++asked > 1000 ? new Promise(() => {}) : Promise.resolve(`move ${asked}`)) },
      player: () => 0,
      closeLinksAtEnd: false,
      onFinish: () => {},
    });
    driver.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(core.settled).toBe(true);
    expect(core.taken).not.toBeNull();
    expect(asked).toBeLessThan(1000);
  });
});
