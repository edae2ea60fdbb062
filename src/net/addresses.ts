// Ordering a peer's dial addresses: loopback ones reach another peer only on this same machine.

const loopback = (address: string) => /\/ip4\/127\.|\/ip6\/::1\/|^127\.|^localhost:/.test(address);

/** Non-loopback addresses first: those are the ones classmates can dial; loopback ones last. */
export function shareableFirst(addresses: readonly string[]): string[] {
  return [...addresses].sort((a, b) => Number(loopback(a)) - Number(loopback(b)));
}

/** The TCP port of the first address that names one (a stored player's), or null. */
export function portOf(addresses: readonly string[] | null | undefined): number | null {
  for (const a of addresses ?? []) {
    const port = /\/tcp\/(\d+)/.exec(a)?.[1] ?? /^[^/].*:(\d+)$/.exec(a)?.[1];
    if (port !== undefined && Number(port) > 0 && Number(port) < 65536) return Number(port);
  }
  return null;
}
