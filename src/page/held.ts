// What the page holds of the `risk` process's screens, folded from its messages: the latest screen,
// the game's story and board. Plain functions, apart from the socket (connection.ts).
import type { Board } from '../model/index.js';
import type { LogEntry } from '../views/table.js';
import type { Defaults, ScreenView, ServerMessage } from '../views/web/wire.js';

export interface Connection {
  readonly status: 'connecting' | 'open' | 'lost';
  readonly screen: ScreenView | null;
  readonly defaults: Defaults | null;
  readonly log: readonly LogEntry[];
  readonly board: Board | null;
  /** The last refusal of a command, and a number that changes with each. */
  readonly refused: { readonly id: number; readonly reason: string } | null;
}

const LOG_KEEP = 3000;
export const EMPTY: Connection = {
  status: 'connecting',
  screen: null,
  defaults: null,
  log: [],
  board: null,
  refused: null,
};

/** The socket's address: this page's host, the secret of this page's own address. */
export function socketUrl(location: { readonly host: string; readonly search: string }): string {
  const token = new URLSearchParams(location.search).get('t') ?? '';
  return `ws://${location.host}/ws?t=${encodeURIComponent(token)}`;
}

/** Folds one message from the server into what the page holds. */
export function received(held: Connection, message: ServerMessage, refusals: number): Connection {
  if (message.type === 'refused') return { ...held, refused: { id: refusals, reason: message.reason } };
  const log = message.fresh ? message.log : [...held.log, ...message.log].slice(-LOG_KEEP);
  return {
    ...held,
    status: 'open',
    screen: message.screen,
    defaults: message.defaults,
    log,
    board: message.board ?? held.board,
  };
}
