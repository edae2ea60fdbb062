// The secret-deal drivers over the game's in-memory mesh (src/net/memory.ts): every
// message is broadcast as a JSON line on each link and parsed with the zod schema at the receiver,
// as on the wire; players sign with the keyrings made from their libp2p identities, as in a game.
// An adversary may rewrite its own outgoing messages. Bounded: at most MAX_DELIVERIES deliveries.

import { type MemoryMesh, memoryMesh } from '../../src/net/memory.js';
import { auditKeyring } from '../../src/protocol/peer-keys.js';
import type { SecretViolation } from '../../src/protocol/secret-commitment.js';
import {
  auditDeal,
  type DealAuth,
  type DealContext,
  DealDriver,
  type DealOutput,
  dealDigest,
} from '../../src/protocol/secret-deal.js';
import type { DealKey } from '../../src/protocol/secret-deal-crypto.js';
import { type DealMessage, parseSecretMessage } from '../../src/protocol/secret-messages.js';
import { checkedOnce } from '../support/signature-cache.js';

const MAX_DELIVERIES = 10_000;

export interface Peer {
  readonly id: number;
  readonly driver: DealDriver;
  readonly violations: SecretViolation[];
  readonly outputs: DealOutput[];
}

/** Rewrites (or drops, with []) an adversary's outgoing message; `to` lets it equivocate. */
export type Tamper = (message: DealMessage, to: number) => DealMessage[];

export interface DealMeshOptions {
  /** Per-recipient rewriting of what goes on the wire (equivocation); the sender's state does not follow. */
  readonly tamper?: ReadonlyMap<number, Tamper>;
  /** An adversary's own rewriting: its state follows what it sent. */
  readonly cheat?: ReadonlyMap<number, (message: DealMessage) => DealMessage | undefined>;
  readonly keys?: ReadonlyMap<number, DealKey>;
  /** Every player signs with its game keyring (its libp2p identity key). */
  readonly signed?: boolean;
}

export class DealMesh {
  readonly peers = new Map<number, Peer>();
  /** Everything sent, in sending order, as an audit of the record would read it. */
  readonly record: { from: number; message: DealMessage }[] = [];
  private readonly tamper: ReadonlyMap<number, Tamper>;
  private inFlight = 0;
  private deliveries = 0;
  private failure: Error | null = null;

  /** A mesh of the context's players (ids 0…max), each peer running a deal driver. */
  static async create(context: DealContext, options: DealMeshOptions = {}): Promise<DealMesh> {
    return new DealMesh(context, options, await memoryMesh(Math.max(...context.players) + 1, undefined, checkedOnce()));
  }

  private constructor(
    readonly context: DealContext,
    private readonly options: DealMeshOptions,
    private readonly net: MemoryMesh,
  ) {
    this.tamper = options.tamper ?? new Map();
    for (const id of context.players) {
      const peer: Peer = {
        id,
        violations: [],
        outputs: [],
        driver: new DealDriver({
          context,
          me: id,
          ...(options.keys?.has(id) ? { key: options.keys.get(id)! } : {}),
          ...(options.cheat?.has(id) ? { rewriteOwn: options.cheat.get(id)! } : {}),
          ...(options.signed ? { auth: net.keyrings[id]! } : {}),
        }),
      };
      this.peers.set(id, peer);
      for (const from of context.players) {
        if (from !== id) net.links[id]!.get(from)!.onLine((line) => this.deliver(peer, from, line));
      }
    }
  }

  /** Player `player`'s keyring: it signs as that player and checks everyone. */
  auth(player: number): DealAuth {
    return this.net.keyrings[player]!;
  }

  /** A message re-signed by `player` (an adversary signing a version of its own). */
  resign<M extends DealMessage>(player: number, message: M): M {
    return { ...message, sig: this.auth(player).sign(dealDigest(this.context.gameId, message)) };
  }

  async start(): Promise<void> {
    for (const peer of this.peers.values()) this.take(peer, peer.driver.start());
    await this.run();
  }

  /** The peer's driver produced `output`: keep it and put its messages on the wire. */
  take(peer: Peer, output: DealOutput): void {
    peer.outputs.push(output);
    peer.violations.push(...output.violations);
    for (const message of output.send) {
      const tamper = this.tamper.get(peer.id);
      const wire = (to: number) => (tamper ? tamper(message, to) : [message]);
      this.record.push(...wire(-1).map((m) => ({ from: peer.id, message: m })));
      for (const to of this.peers.keys()) {
        if (to === peer.id) continue;
        for (const m of wire(to)) {
          this.inFlight++;
          this.net.links[peer.id]!.get(to)!.send(JSON.stringify(m));
        }
      }
    }
  }

  private deliver(peer: Peer, from: number, line: string): void {
    this.inFlight--;
    if (this.failure !== null) return;
    if (++this.deliveries > MAX_DELIVERIES) {
      this.failure = new Error('DealMesh: the deal does not end');
      return;
    }
    const parsed = parseSecretMessage(JSON.parse(line));
    if (!parsed.ok) {
      this.failure = new Error(`DealMesh: ${parsed.reason}`);
      return;
    }
    this.take(peer, peer.driver.receive(from, parsed.message as DealMessage));
  }

  /** Until every line sent has been delivered (links deliver on microtasks, all drained before a macrotask). */
  async run(): Promise<void> {
    while (this.inFlight > 0 && this.failure === null) await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.failure !== null) throw this.failure;
  }

  /** Every peer but `player` learns it left (a timeout in the session). */
  async leave(player: number): Promise<void> {
    for (const peer of this.peers.values()) if (peer.id !== player) this.take(peer, peer.driver.leave(player));
    await this.run();
  }

  outcome(id: number) {
    return this.peers.get(id)!.outputs.find((o) => o.outcome)?.outcome;
  }

  /** The audit of everything recorded (`auditDeal`: an observer with a checking-only keyring). */
  audit() {
    const record = this.record.map(({ from, message }) => ({
      from,
      message: JSON.parse(JSON.stringify(message)) as DealMessage,
    }));
    const ring = auditKeyring(new Map(this.net.peerIds.map((id, player) => [player, id])));
    if (ring === null) throw new Error('DealMesh: the mesh identities are Ed25519');
    return auditDeal(this.context, record, this.options.signed ? ring : undefined);
  }
}
