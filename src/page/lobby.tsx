// The lobby: the address others join with (hosting), who is here, the rules, and for the host the
// buttons to start early or to let bots take the empty seats (not when it resumes a saved game: that
// starts once every player still in it is there).
import type { LobbyView, PageCommand } from '../views/web/wire.js';

export function LobbyScreen({ lobby, send }: { lobby: LobbyView; send: (command: PageCommand) => void }) {
  return (
    <div className="screen lobby" data-testid="lobby">
      <h1>
        {lobby.resume !== null ? `Resume of game #${lobby.resume}` : lobby.game === 'risc' ? 'RISC lobby' : 'Lobby'}
        {lobby.seats !== null ? `: ${lobby.players.length} of ${lobby.seats} players` : ''}
      </h1>
      {lobby.hosting ? (
        <>
          <p>
            {lobby.resume !== null
              ? 'Its other players choose Resume, this game, then Join its host, with one of these addresses:'
              : 'Others join with one of these addresses:'}
          </p>
          <ul className="addresses" data-testid="addresses">
            {lobby.addresses.length === 0 ? <li>opening…</li> : lobby.addresses.map((a) => <li key={a}>{a}</li>)}
          </ul>
        </>
      ) : (
        <p>
          {lobby.resume !== null
            ? 'Waiting for every player of the game to come back.'
            : 'Joined: waiting for the host to start the game.'}
        </p>
      )}
      <h2>Players</h2>
      <ul data-testid="lobby-players">
        {lobby.players.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
      {lobby.rules.length > 0 ? (
        <>
          <h2>{lobby.game === 'risc' ? 'Terms' : 'Rules'}</h2>
          <ul>
            {lobby.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="buttons">
        {lobby.hosting && lobby.resume === null ? (
          <>
            <button
              type="button"
              className="primary"
              onClick={() => send({ type: 'lobby-start' })}
              data-testid="lobby-start"
            >
              Start with the players here
            </button>
            <button type="button" onClick={() => send({ type: 'lobby-bots' })} data-testid="lobby-bots">
              Bots take the empty seats
            </button>
          </>
        ) : null}
        <button type="button" onClick={() => send({ type: 'menu' })}>
          Leave the lobby
        </button>
      </div>
      {lobby.news.length > 0 ? (
        <ul className="news">
          {lobby.news.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
