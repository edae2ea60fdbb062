// Test-only: a class host that does not play (cs3099-observed.md §2: its messages carry
// `player_id` null). It runs the lobby of §3 for `players` clients, numbering them from `firstId`,
// then relays every line of a client to every other client unchanged, as a star host does. It
// neither moves, rolls nor acknowledges. Every wait is bounded; stop() closes every socket.
import { createServer, type Server, type Socket } from 'node:net';

export interface RefereeOptions {
  readonly players: number;
  /** The id of the first client: 0 or 1 (class hosts that do not play differ). */
  readonly firstId: number;
  readonly ackTimeoutS?: number;
  readonly moveTimeoutS?: number;
  /** The whole game. Default 120 s. */
  readonly maxMs?: number;
}

export interface RefereeLine {
  readonly dir: 'in' | 'out';
  readonly client: number;
  readonly raw: string;
}

export type RefereeOutcome =
  /** Every client closed its connection after the game started. */
  'closed' | 'bounded' | 'stopped';

interface Client {
  readonly id: number;
  readonly name: string;
  readonly socket: Socket;
  buffer: string;
  pinged: boolean;
  readied: boolean;
  closed: boolean;
}

export class ClassReferee {
  readonly lines: RefereeLine[] = [];
  readonly finished: Promise<RefereeOutcome>;
  port = 0;
  /** Whether initialise_game went out. */
  started = false;
  private server: Server | null = null;
  private readonly clients: Client[] = [];
  private resolve!: (outcome: RefereeOutcome) => void;
  private outcome: RefereeOutcome | null = null;
  private timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly options: RefereeOptions) {
    this.finished = new Promise((r) => (this.resolve = r));
    this.later(() => this.end('bounded'), options.maxMs ?? 120_000);
  }

  static async start(options: RefereeOptions): Promise<ClassReferee> {
    const referee = new ClassReferee(options);
    await new Promise<void>((resolve, reject) => {
      const server = createServer((socket) => referee.accept(socket));
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        referee.port = (server.address() as { port: number }).port;
        referee.server = server;
        resolve();
      });
    });
    return referee;
  }

  async stop(): Promise<RefereeOutcome> {
    this.end('stopped');
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.clients) c.socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((r) => server.close(() => r()));
    return this.outcome!;
  }

  private end(outcome: RefereeOutcome) {
    if (this.outcome !== null) return;
    this.outcome = outcome;
    this.resolve(outcome);
  }

  private later(fn: () => void, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private accept(socket: Socket) {
    socket.setNoDelay(true);
    socket.on('error', () => {});
    let pending = '';
    let client: Client | null = null;
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const raw = pending.slice(0, nl).replace(/\r$/, '');
        pending = pending.slice(nl + 1);
        if (raw.trim() === '') continue;
        if (client === null) client = this.join(socket, raw);
        else this.receive(client, raw);
      }
    });
    socket.on('close', () => {
      if (client === null) return;
      client.closed = true;
      if (this.started && this.clients.every((c) => c.closed)) this.end('closed');
    });
  }

  private send(client: Client, message: Record<string, unknown> | string) {
    const raw = typeof message === 'string' ? message : JSON.stringify(message);
    this.lines.push({ dir: 'out', client: client.id, raw });
    if (!client.socket.destroyed) client.socket.write(`${raw}\n`);
  }

  private join(socket: Socket, raw: string): Client | null {
    const message = JSON.parse(raw) as { command?: string; payload?: { name?: string } };
    if (message.command !== 'join_game' || this.clients.length >= this.options.players) {
      socket.end(`${JSON.stringify({ command: 'reject_join_game', payload: 'Game full' })}\n`);
      return null;
    }
    const client: Client = {
      id: this.options.firstId + this.clients.length,
      name: String(message.payload?.name ?? 'player'),
      socket,
      buffer: '',
      pinged: false,
      readied: false,
      closed: false,
    };
    this.lines.push({ dir: 'in', client: client.id, raw });
    const others = [...this.clients];
    this.clients.push(client);
    this.send(client, {
      command: 'accept_join_game',
      payload: {
        player_id: client.id,
        acknowledgement_timeout: this.options.ackTimeoutS ?? 2,
        move_timeout: this.options.moveTimeoutS ?? 10,
      },
    });
    this.send(client, { command: 'players_joined', payload: others.map((c) => [c.id, c.name, '']) });
    for (const c of others) this.send(c, { command: 'players_joined', payload: [[client.id, client.name, '']] });
    if (this.clients.length === this.options.players)
      for (const c of this.clients) this.send(c, { command: 'ping', payload: this.options.players, player_id: null });
    return client;
  }

  private receive(client: Client, raw: string) {
    this.lines.push({ dir: 'in', client: client.id, raw });
    if (!this.started) {
      const message = JSON.parse(raw) as { command?: string; payload?: unknown };
      if (message.command === 'ping') client.pinged = true;
      if (message.command === 'acknowledgement' && message.payload === 0) client.readied = true;
      if (message.command === 'ping' && this.clients.every((c) => c.pinged))
        for (const c of this.clients) this.send(c, { command: 'ready', payload: null, player_id: null, ack_id: 0 });
      if (message.command === 'acknowledgement' && this.clients.every((c) => c.readied)) {
        this.started = true;
        for (const c of this.clients)
          this.send(c, { command: 'initialise_game', payload: { version: 1, supported_features: [] } });
      }
      return;
    }
    // The star: every line of a client goes on, unchanged, to every other client.
    for (const c of this.clients) if (c !== client && !c.closed) this.send(c, raw);
  }
}
