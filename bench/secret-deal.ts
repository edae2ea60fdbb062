// Secret-deal benchmark: time to deal 14 mission cards to 6 players in the 2048-bit group, with
// every peer doing all of its own work and every check, one process standing in for all peers.
// Prints the total CPU time, the critical path (the sequential steps one after another, as on a
// network where each peer has its own CPU) and the cost of one exponentiation.
import { DealDriver, type DealOutput } from '../src/protocol/secret-deal.js';
import { G, modPow, modPowBigInt, P, randomScalar } from '../src/protocol/secret-group.js';
import type { DealMessage } from '../src/protocol/secret-messages.js';

const PLAYERS = Number(process.argv[2] ?? 6);
const CARDS = Number(process.argv[3] ?? 14);
const RUNS = 3;

function time<T>(run: () => T): [T, number] {
  const start = performance.now();
  const value = run();
  return [value, performance.now() - start];
}

const x = randomScalar();
modPow(G, x); // the first call sets up OpenSSL's group
const [, openssl] = time(() => {
  for (let i = 0; i < 50; i++) modPow(G, x + BigInt(i));
});
const [, bigint] = time(() => {
  for (let i = 0; i < 3; i++) modPowBigInt(G, x + BigInt(i), P);
});
console.log(
  `one 2048-bit exponentiation: ${(openssl / 50).toFixed(2)} ms (OpenSSL through node:crypto), ${(bigint / 3).toFixed(1)} ms (BigInt)`,
);

/** One deal; each peer's time per step is measured so the sequential path can be summed. */
function deal(): { total: number; critical: number; bytes: number } {
  const players = Array.from({ length: PLAYERS }, (_, i) => i);
  const context = { gameId: 'bench', deal: 0, players, cards: CARDS };
  const drivers = new Map(players.map((me) => [me, new DealDriver({ context, me })]));
  let total = 0;
  let bytes = 0;
  // The critical path: a message's ready time is its sender's ready time plus the sender's work.
  const readyAt = new Map<number, number>(players.map((p) => [p, 0]));
  const inbox: { from: number; to: number; message: DealMessage; at: number }[] = [];
  const take = (me: number, output: DealOutput, at: number) => {
    for (const message of output.send) {
      bytes += JSON.stringify(message).length * (PLAYERS - 1);
      for (const to of players) if (to !== me) inbox.push({ from: me, to, message, at });
    }
  };
  for (const p of players) {
    const [out, ms] = time(() => drivers.get(p)!.start());
    total += ms;
    take(p, out, ms);
  }
  let done = 0;
  for (let i = 0; inbox.length > 0 && i < 100_000; i++) {
    const { from, to, message, at } = inbox.shift()!;
    const [out, ms] = time(() => drivers.get(to)!.receive(from, message));
    total += ms;
    const ready = Math.max(readyAt.get(to)!, at) + ms;
    readyAt.set(to, ready);
    take(to, out, ready);
    if (out.outcome?.kind === 'dealt') done++;
    else if (out.outcome) throw new Error(`deal void: ${out.outcome.reason}`);
  }
  if (done !== PLAYERS) throw new Error('the deal did not finish');
  return { total, critical: Math.max(...readyAt.values()), bytes };
}

for (let run = 0; run < RUNS; run++) {
  const { total, critical, bytes } = deal();
  console.log(
    `deal ${CARDS} cards to ${PLAYERS} players: ${(critical / 1000).toFixed(2)} s on the critical path, ` +
      `${(total / 1000).toFixed(2)} s CPU for all peers together, ${(bytes / 1024).toFixed(0)} KiB sent in all`,
  );
}
