// The page: whatever the `risk` process shows now (the menu, a lobby, a game, RISC, the saved games), kept in step
// over the WebSocket; a refused command is said for a moment at the top.
import { useEffect, useState } from 'react';
import type { PageCommand } from '../views/web/wire.js';
import { useConnection } from './connection.js';
import { GameScreen } from './game.js';
import { LobbyScreen } from './lobby.js';
import { Menu } from './menu.js';
import { RiscScreen } from './risc.js';
import { SavedScreen } from './saved.js';
import { tableViewOf } from './table-view.js';

const REFUSAL_MS = 6000;

export function App() {
  const [held, send] = useConnection();
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (held.refused === null) return;
    setSaid(held.refused.reason);
    const timer = window.setTimeout(() => setSaid(null), REFUSAL_MS);
    return () => window.clearTimeout(timer);
  }, [held.refused?.id]);

  return (
    <>
      {held.status === 'lost' ? (
        <div className="banner" role="alert">
          Lost the connection to risk: trying again…
        </div>
      ) : null}
      {said !== null ? (
        <div className="banner refused" role="alert" data-testid="refused">
          {said}
        </div>
      ) : null}
      <Screen held={held} send={send} />
    </>
  );
}

function Screen({ held, send }: { held: ReturnType<typeof useConnection>[0]; send: (c: PageCommand) => void }) {
  const screen = held.screen;
  if (screen === null || held.defaults === null) return <p className="boot">Connecting to risk…</p>;
  switch (screen.kind) {
    case 'menu':
      return <Menu defaults={held.defaults} notice={screen.notice} send={send} />;
    case 'starting':
      return (
        <div className="screen">
          <h2>Starting {screen.what}…</h2>
          <button type="button" onClick={() => send({ type: 'menu' })}>
            Back to the menu
          </button>
        </div>
      );
    case 'failed':
      return (
        <div className="screen">
          <h2>The game could not start</h2>
          <p data-testid="failed">{screen.reason}</p>
          <p>{screen.advice}</p>
          <button type="button" onClick={() => send({ type: 'menu' })}>
            Back to the menu
          </button>
        </div>
      );
    case 'lobby':
      return <LobbyScreen lobby={screen.lobby} send={send} />;
    case 'game':
      if (held.board === null) return <p className="boot">Loading the board…</p>;
      return <GameScreen key={screen.id} view={tableViewOf(screen.table, held.board, held.log)} send={send} />;
    case 'risc':
      return <RiscScreen risc={screen.risc} send={send} />;
    case 'stats':
      return (
        <div className="screen">
          <h1>Stats</h1>
          <pre className="stats" data-testid="stats">
            {screen.lines.join('\n')}
          </pre>
          <button type="button" onClick={() => send({ type: 'menu' })}>
            Back to the menu
          </button>
        </div>
      );
    case 'saved':
      return <SavedScreen saved={screen} send={send} />;
    case 'closed':
      return (
        <div className="screen">
          <h1>risk has stopped</h1>
          <p>This page can be closed.</p>
        </div>
      );
  }
}
