// Ordering a peer's dial addresses: loopback ones reach another peer only on this same machine.

const loopback = (address: string) => /\/ip4\/127\.|\/ip6\/::1\/|^127\.|^localhost:/.test(address);

/** Non-loopback addresses first: those are the ones classmates can dial; loopback ones last. */
export function shareableFirst(addresses: readonly string[]): string[] {
  return [...addresses].sort((a, b) => Number(loopback(a)) - Number(loopback(b)));
}
