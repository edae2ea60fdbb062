// The page's Resume list: local games go on where they stopped; a networked game is rejoined while
// the others play on, hosted again by its host, or joined at its host's address (the stored one to
// start with). What a game does not allow is said instead of its button.
import { useState } from 'react';
import type { PageCommand, SavedRow, SavedView } from '../views/web/wire.js';

type Send = (command: PageCommand) => void;

const ACTIONS = [
  { id: 'rejoin', label: 'Rejoin', hint: 'your program dropped out; the others still play' },
  { id: 'host', label: 'Host it again', hint: 'everybody had stopped; the others join you' },
  { id: 'join', label: 'Join its host', hint: 'everybody had stopped; its host offers it again' },
] as const;

export function SavedScreen({ saved, send }: { saved: SavedView; send: Send }) {
  const local = saved.rows.filter((r) => r.network === null);
  const networked = saved.rows.filter((r) => r.network !== null);
  return (
    <div className="screen saved" data-testid="saved">
      <h1>Resume a saved game</h1>
      <p className="quiet">
        Local games (quick, hot seat) go on exactly where they stopped; networked games are resumed with their players,
        or rejoined while the others play on.
      </p>
      <p className="quiet">
        RISC games: <code className="command">risk play --game risc --resume N</code>
      </p>
      {saved.notice !== null ? (
        <p className="notice" role="status" data-testid="saved-notice">
          {saved.notice}
        </p>
      ) : null}
      {saved.problem !== null ? (
        <p className="notice" data-testid="saved-problem">
          The saved games cannot be listed: {saved.problem}
        </p>
      ) : saved.rows.length === 0 ? (
        <p>No saved games to go on with.</p>
      ) : null}
      {local.length > 0 ? (
        <>
          <h2>Local games</h2>
          <ul className="saved-games">
            {local.map((row) => (
              <li key={row.id} data-testid={`saved-${row.id}`}>
                <span className="saved-line">{row.line}</span>
                <div className="buttons">
                  <button
                    type="button"
                    className="primary"
                    onClick={() => send({ type: 'resume', id: row.id })}
                    data-testid={`go-on-${row.id}`}
                  >
                    Go on
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {networked.length > 0 ? (
        <>
          <h2>Networked games (yours: the seat marked you)</h2>
          <ul className="saved-games">
            {networked.map((row) => (
              <NetworkedGame key={row.id} row={row} send={send} />
            ))}
          </ul>
        </>
      ) : null}
      <div className="buttons">
        <button type="button" onClick={() => send({ type: 'menu' })} data-testid="saved-back">
          Back
        </button>
      </div>
    </div>
  );
}

function NetworkedGame({ row, send }: { row: SavedRow; send: Send }) {
  const network = row.network!;
  const [address, setAddress] = useState(network.hostAddress ?? '');
  const open = ACTIONS.filter((a) => network.actions[a.id] === null);
  const closed = ACTIONS.filter((a) => network.actions[a.id] !== null);
  const go = (action: 'rejoin' | 'host') => send({ type: 'resume-network', id: row.id, action });
  return (
    <li data-testid={`saved-${row.id}`}>
      <span className="saved-line">{row.line}</span>
      <span className="quiet"> · {network.note}</span>
      {open.length > 0 ? (
        <>
          <div className="buttons">
            {open.map((a) =>
              a.id === 'join' ? (
                <form
                  key={a.id}
                  className="saved-join"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (address.trim() !== '')
                      send({ type: 'resume-network', id: row.id, action: 'join', address: address.trim() });
                  }}
                >
                  <input
                    value={address}
                    maxLength={300}
                    placeholder="its host's address, e.g. 192.168.1.20:7475"
                    aria-label={`the address of game #${row.id}'s host`}
                    onChange={(e) => setAddress(e.currentTarget.value)}
                    data-testid={`join-address-${row.id}`}
                  />
                  <button type="submit" title={a.hint} data-testid={`join-${row.id}`}>
                    {a.label}
                  </button>
                </form>
              ) : (
                <button
                  type="button"
                  key={a.id}
                  title={a.hint}
                  onClick={() => go(a.id)}
                  data-testid={`${a.id}-${row.id}`}
                >
                  {a.label}
                </button>
              ),
            )}
          </div>
          {closed.length > 0 ? (
            <ul className="quiet why-not">
              {closed.map((a) => (
                <li key={a.id}>
                  {a.label}: {network.actions[a.id]}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </li>
  );
}
