// In-memory mesh for the secret-deal drivers: every message is broadcast to every other peer
// (after a JSON round trip and the zod schema, as on the wire); an adversary may rewrite its own
// outgoing messages. Bounded: at most MAX_DELIVERIES deliveries.
import { generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { DealDriver, auditDeal, signingBytes, type DealAuth, type DealContext, type DealOutput } from '../../src/protocol/secret-deal.js';
import type { DealKey } from '../../src/protocol/secret-deal-crypto.js';
import { parseSecretMessage, type DealMessage } from '../../src/protocol/secret-messages.js';
import type { SecretViolation } from '../../src/protocol/secret-commitment.js';

const MAX_DELIVERIES = 10_000;

export interface Peer {
  readonly id: number;
  readonly driver: DealDriver;
  readonly violations: SecretViolation[];
  readonly outputs: DealOutput[];
}

/** Rewrites (or drops, with []) an adversary's outgoing message; `to` lets it equivocate. */
export type Tamper = (message: DealMessage, to: number) => DealMessage[];

export class DealMesh {
  readonly peers = new Map<number, Peer>();
  private readonly inbox: { from: number; to: number; message: DealMessage }[] = [];
  /** Everything sent, in sending order, as an audit of the record would read it. */
  readonly record: { from: number; message: DealMessage }[] = [];
  private readonly tamper = new Map<number, Tamper>();
  private readonly identities = new Map<number, { publicKey: KeyObject; privateKey: KeyObject }>();

  /** Player `me`'s signing and everyone's checking (me undefined: checking only, for an observer). */
  auth(me?: number): DealAuth {
    return {
      sign: (bytes) => sign(null, bytes, this.identities.get(me!)!.privateKey).toString('hex'),
      verify: (player, bytes, signature) => {
        const identity = this.identities.get(player);
        return identity !== undefined && verify(null, bytes, identity.publicKey, Buffer.from(signature, 'hex'));
      },
    };
  }

  /** A message re-signed by `player` (an adversary signing a version of its own). */
  resign<M extends DealMessage>(player: number, message: M): M {
    return { ...message, sig: this.auth(player).sign(signingBytes(message)) };
  }

  constructor(readonly context: DealContext, options: {
      /** Per-recipient rewriting of what goes on the wire (equivocation); the sender's state does not follow. */
      tamper?: ReadonlyMap<number, Tamper>;
      /** An adversary's own rewriting: its state follows what it sent. */
      cheat?: ReadonlyMap<number, (message: DealMessage) => DealMessage | undefined>;
      keys?: ReadonlyMap<number, DealKey>;
      /** Every player signs with its own Ed25519 key (as the session would with its libp2p identity). */
      signed?: boolean;
    } = {}) {
    if (options.signed) for (const id of context.players) this.identities.set(id, generateKeyPairSync('ed25519'));
    for (const id of context.players) this.peers.set(id, { id, driver: new DealDriver({
          context,
          me: id,
          ...(options.keys?.has(id) ? { key: options.keys.get(id)! } : {}),
          ...(options.cheat?.has(id) ? { rewriteOwn: options.cheat.get(id)! } : {}),
          ...(options.signed ? { auth: this.auth(id) } : {}),
        }), violations: [], outputs: [] });
    for (const [id, t] of options.tamper ?? []) this.tamper.set(id, t);
  }

  start(): void {
    for (const peer of this.peers.values()) this.take(peer, peer.driver.start());
    this.run();
  }

  /** The peer's driver produced `output`: keep it and put its messages on the wire. */
  take(peer: Peer, output: DealOutput): void {
    peer.outputs.push(output);
    peer.violations.push(...output.violations);
    for (const message of output.send) {
      const wire = (to: number) => {
        const tamper = this.tamper.get(peer.id);
        return tamper ? tamper(message, to) : [message];
      };
      this.record.push(...wire(-1).map((m) => ({ from: peer.id, message: m })));
      for (const to of this.peers.keys()) if (to !== peer.id) for (const m of wire(to)) this.inbox.push({ from: peer.id, to, message: m });
    }
  }

  run(): void {
    for (let deliveries = 0; this.inbox.length > 0; deliveries++) {
      if (deliveries > MAX_DELIVERIES) throw new Error('DealMesh: the deal does not end');
      const { from, to, message } = this.inbox.shift()!;
      const parsed = parseSecretMessage(JSON.parse(JSON.stringify(message)));
      if (!parsed.ok) throw new Error(`DealMesh: ${parsed.reason}`);
      const peer = this.peers.get(to)!;
      this.take(peer, peer.driver.receive(from, parsed.message as DealMessage));
    }
  }

  /** Every peer but `player` learns it left (a timeout in the session). */
  leave(player: number): void {
    for (const peer of this.peers.values()) if (peer.id !== player) this.take(peer, peer.driver.leave(player));
    this.run();
  }

  outcome(id: number) {
    return this.peers.get(id)!.outputs.find((o) => o.outcome)?.outcome;
  }

  /** The audit of everything recorded (`auditDeal`: an observer that holds no key). */
  audit() {
    const record = this.record.map(({ from, message }) => ({ from, message: JSON.parse(JSON.stringify(message)) as DealMessage }));
    return auditDeal(this.context, record, this.identities.size > 0 ? this.auth() : undefined);
  }
}
