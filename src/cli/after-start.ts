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

/** What takes a returning player's link: a mesh session of any game (MeshSession.rejoinLink). */
export interface Rejoinable {
  rejoinLink(player: number, link: Link): { ok: true } | { ok: false; reason: string };
}

/**
 * A player whose program dropped out connects again with its key to take its seat back
 * (protocol-spec/resume.md, Rejoin): its new link goes to the session, which answers with its
 * record or refuses; `told` hears which.
 */
export function acceptRejoins(
  endpoint: LobbyEndpoint,
  roster: Roster,
  session: Rejoinable,
  told: (seat: LobbyPlayer, taken: { ok: true } | { ok: false; reason: string }) => void,
): void {
  linksAfterStart(endpoint, roster, (seat, link) => told(seat, session.rejoinLink(seat.id, link)));
}

/** What the menu's games tell their player of a returning player's link. */
export const rejoinNote = (seat: LobbyPlayer, taken: { ok: true } | { ok: false; reason: string }) =>
  taken.ok
    ? `${seat.name} connects again to take their seat back`
    : `${seat.name} tried to take their seat back: ${taken.reason}`;

/** A headless peer's links after the start: a returning player's link goes to its session, said either way. */
export function rejoinsAfterStart(
  endpoint: LobbyEndpoint,
  roster: Roster,
  session: Rejoinable,
  say: (line: string, json: Record<string, unknown>) => void,
  nameOf: (player: number) => string,
): void {
  acceptRejoins(endpoint, roster, session, (seat, taken) => {
    if (taken.ok) say(`${nameOf(seat.id)} connects again to take its seat back`, { type: 'relinked', player: seat.id });
    else
      say(`refused ${nameOf(seat.id)}'s new link: ${taken.reason}`, {
        type: 'relink_refused',
        player: seat.id,
        reason: taken.reason,
      });
  });
}
