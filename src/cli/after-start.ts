// A native game's links once its lobby is done: a player of the game whose program dropped out
// dials again to take its seat back; anyone else is dialling a game that has started, and is told
// so as a lobby would (not hung up on, which its player would take for a firewall).

import type { Link } from '../net/link.js';
import { encodeLine } from '../protocol/codec.js';
import type { LobbyEndpoint, LobbyPlayer, Roster } from '../sessions/lobby.js';

export function linksAfterStart(
  endpoint: LobbyEndpoint,
  roster: Roster,
  back: (seat: LobbyPlayer, link: Link) => void,
): void {
  endpoint.onLink((link) => {
    const seat = roster.players.find((p) => p.peerId === link.remotePeer && p.id !== roster.me);
    if (seat !== undefined) return back(seat, link);
    link.send(encodeLine({ command: 'reject_join_game', payload: 'Game in progress' }).trimEnd());
    setTimeout(() => link.close(), 100);
  });
}
