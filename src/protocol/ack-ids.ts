// Acknowledgement ids on the cs3099 profile (cs3099-observed.md §8): ours follow the largest id seen,
// as the class peers' game-wide counter does, but stay a signed 32-bit integer: a second class
// implementation draws its ids at random below 2^31, so "one more than the largest" sat just under
// 2^31 in a live game (2147367745), and a peer that reads ids as Java ints must never see 2^31.

/** The largest ack id we send: the largest signed 32-bit integer. */
export const MAX_ACK_ID = 2 ** 31 - 1;

/**
 * The next ack id this peer will use, once a message under `seen` went by (its own or another's):
 * one more than the largest seen, and 0 again when that would pass MAX_ACK_ID (ids may repeat on
 * this profile; no class peer relies on their order).
 */
export function ackIdAfter(next: number, seen: number): number {
  const after = Math.max(next, seen + 1);
  return after > MAX_ACK_ID ? 0 : after;
}
