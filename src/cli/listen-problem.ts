// Why this machine cannot listen where it was asked to, in the words of a player.

/**
 * Why this machine cannot listen, in one sentence: libp2p's own text names its configuration and
 * carries the socket's stack trace, which mean nothing to a player.
 */
export function listenProblem(host: string, port: number, error: Error): string {
  const text = error.message;
  const where = `cannot listen on ${host}${port ? ` port ${port}` : ''}`;
  if (/EADDRINUSE/.test(text)) return `${where}: another program already uses that port`;
  if (/EADDRNOTAVAIL/.test(text)) return `${where}: ${host} is not an address of this machine`;
  if (/EACCES/.test(text))
    return `${where}: this user may not listen there (ports below 1024 need administrator rights)`;
  if (/invalid ip|not a valid|multiaddr/i.test(text)) return `${where}: "${host}" is not an IPv4 address`;
  return `${where}: ${text.split('\n')[0]!.replace(/\s*Some configured addresses failed.*$/, '')}`;
}
