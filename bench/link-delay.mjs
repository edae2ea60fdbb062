// Benchmark hook, never part of normal play: `node --import bench/link-delay.mjs` with
// RISK_BENCH_DELAY_MS=D delays every byte this process writes to a TCP socket by D ms, in order,
// so that each link between peers has D ms of one-way delay in each direction (this machine's kernel
// has no netem). It covers libp2p (Noise, yamux and the game's lines) and the class profile's plain
// TCP alike; connecting (TCP's own handshake) is not delayed. Only bench/net.ts loads it, in the
// `risk bot` processes it starts. Plain JavaScript: the built program loads it without tsx.
import net from 'node:net';

const delayMs = Number(process.env.RISK_BENCH_DELAY_MS ?? 0);

/** Installs the delay on every socket of this process (once); returns the delay in ms. */
export function delaySockets(ms) {
  if (!(ms > 0) || net.Socket.prototype.write.benchDelay !== undefined) return ms;
  const write = net.Socket.prototype.write;
  const end = net.Socket.prototype.end;
  // Each socket's writes and its end, in order, each due `ms` after it was asked for.
  const queues = new WeakMap();
  const later = (socket, run) => {
    let queue = queues.get(socket);
    if (queue === undefined) queues.set(socket, (queue = []));
    queue.push({ due: performance.now() + ms, run });
    if (queue.length === 1) setTimeout(flush, ms, socket, queue);
  };
  const flush = (socket, queue) => {
    const now = performance.now();
    while (queue.length > 0 && queue[0].due <= now + 0.5) {
      const { run } = queue.shift();
      if (!socket.destroyed) run();
    }
    if (queue.length > 0) setTimeout(flush, queue[0].due - now, socket, queue);
  };
  const delayedWrite = function (...args) {
    later(this, () => write.apply(this, args));
    return true;
  };
  delayedWrite.benchDelay = ms;
  net.Socket.prototype.write = delayedWrite;
  net.Socket.prototype.end = function (...args) {
    later(this, () => end.apply(this, args));
    return this;
  };
  return ms;
}

delaySockets(delayMs);
