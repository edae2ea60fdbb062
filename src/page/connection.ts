// The page's line to the `risk` process: one WebSocket to this page's own server, with the secret
// of the page's address. It keeps the latest screen, the game's story and board as the server
// sends them, and connects again after a drop (the server holds the game: nothing is lost).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageCommand, ServerMessage } from '../views/web/wire.js';
import { type Connection, EMPTY, received, socketUrl } from './held.js';

export type { Connection } from './held.js';

const RETRY_MS = [250, 500, 1000, 2000, 4000];

export function useConnection(): [Connection, (command: PageCommand) => void] {
  const [held, setHeld] = useState<Connection>(EMPTY);
  const socket = useRef<WebSocket | null>(null);
  const refusals = useRef(0);

  useEffect(() => {
    let stopped = false;
    let tries = 0;
    let timer: number | undefined;
    const open = () => {
      const ws = new WebSocket(socketUrl(window.location));
      socket.current = ws;
      ws.onopen = () => {
        tries = 0;
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as ServerMessage;
        if (message.type === 'refused') refusals.current++;
        setHeld((h) => received(h, message, refusals.current));
      };
      ws.onclose = () => {
        socket.current = null;
        if (stopped) return;
        setHeld((h) => ({ ...h, status: h.screen?.kind === 'closed' ? 'open' : 'lost' }));
        timer = window.setTimeout(open, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      socket.current?.close();
    };
  }, []);

  const send = useCallback((command: PageCommand) => {
    const ws = socket.current;
    if (ws !== null && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(command));
    else {
      refusals.current++;
      setHeld((h) => ({ ...h, refused: { id: refusals.current, reason: 'not connected to risk: trying again…' } }));
    }
  }, []);

  return [held, send];
}
