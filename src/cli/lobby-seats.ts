// The seats of a lobby the host keeps (seat 0 is the host's), shared by the classic and RISC
// lobbies: whether the game can start now, and how many seats bots may take.

/** Why the host cannot start now with these seats taken, or null (then it can). */
export function startNowProblem(seats: ReadonlySet<number>): string | null {
  if (seats.size < 2) return 'Nobody has joined yet: a game needs at least 2 players (add bots with b).';
  const missing = [...Array(seats.size).keys()].find((id) => !seats.has(id));
  return missing === undefined
    ? null
    : `Seat ${missing + 1} is empty since a player left: wait for someone, or add bots with b.`;
}

/** How many more bots may join: the empty seats less the bots still on their way. */
export function seatsForBots(players: number, seats: ReadonlySet<number>, botsOnTheWay: number): number {
  return players - seats.size - botsOnTheWay;
}
