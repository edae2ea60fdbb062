// Secret Mission Risk: the 1993 deck of 14 mission cards, in the order of classic.md (indices
// 0..13; cards 8..13 say "destroy" seats 0..5), and whether a player has completed theirs.
import type { Board } from './board.js';
import type { GameState } from './state.js';

export type Mission =
  | { readonly kind: 'continents'; readonly continents: readonly string[]; readonly anyOther: boolean }
  | { readonly kind: 'territories'; readonly count: number; readonly armiesEach: number }
  | { readonly kind: 'destroy'; readonly seat: number };

export const MISSIONS: readonly Mission[] = [
  { kind: 'continents', continents: ['Asia', 'South America'], anyOther: false },
  { kind: 'continents', continents: ['Asia', 'Africa'], anyOther: false },
  { kind: 'continents', continents: ['North America', 'Africa'], anyOther: false },
  { kind: 'continents', continents: ['North America', 'Australia'], anyOther: false },
  { kind: 'continents', continents: ['Europe', 'Australia'], anyOther: true },
  { kind: 'continents', continents: ['Europe', 'South America'], anyOther: true },
  { kind: 'territories', count: 24, armiesEach: 1 },
  { kind: 'territories', count: 18, armiesEach: 2 },
  ...[0, 1, 2, 3, 4, 5].map((seat) => ({ kind: 'destroy' as const, seat })),
];

/** The fallback when a "destroy" card cannot be done: hold 24 territories (card 6). */
export const FALLBACK_MISSION = 6;

/** The mission deck for a game: every card but the "destroy" cards of seats that are not players. */
export function missionDeck(players: number): number[] {
  return MISSIONS.flatMap((m, i) => (m.kind === 'destroy' && m.seat >= players ? [] : [i]));
}

/** Why a board cannot play the mission deck (a continent a card names is missing), or null. */
export function missionBoardProblem(board: Board): string | null {
  const names = new Set(board.continents.map((c) => c.name));
  for (const m of MISSIONS) {
    if (m.kind !== 'continents') continue;
    for (const name of m.continents)
      if (!names.has(name)) return `the mission cards name ${name}, which this board lacks`;
  }
  return null;
}

export function describeMission(card: number, seatName: (seat: number) => string = (s) => `player ${s}`): string {
  const m = MISSIONS[card];
  if (m === undefined) return `no mission card ${card}`;
  switch (m.kind) {
    case 'continents':
      return `conquer ${m.continents.join(' and ')}${m.anyOther ? ' and one other continent' : ''}`;
    case 'territories':
      return m.armiesEach > 1
        ? `occupy ${m.count} territories with at least ${m.armiesEach} armies in each`
        : `occupy ${m.count} territories`;
    case 'destroy':
      return `destroy all armies of ${seatName(m.seat)} (if that cannot be done: occupy 24 territories)`;
  }
}

/**
 * The mission a card sets this player now: a "destroy" card naming themselves, a seat with no
 * player, or a player someone else has destroyed, becomes "occupy 24 territories".
 */
export function effectiveMission(state: GameState, player: number, card: number): Mission {
  const m = MISSIONS[card]!;
  if (m.kind !== 'destroy') return m;
  const target = state.players[m.seat];
  if (m.seat === player || target === undefined || m.seat === state.neutralArmy) return MISSIONS[FALLBACK_MISSION]!;
  if (target.eliminated && target.eliminatedBy !== player) return MISSIONS[FALLBACK_MISSION]!;
  return m;
}

/** Whether `player` has completed the mission on `card`. */
export function missionComplete(state: GameState, player: number, card: number): boolean {
  const m = effectiveMission(state, player, card);
  switch (m.kind) {
    case 'continents': {
      const held = state.board.continents.filter((c) => c.territories.every((t) => state.owner[t] === player));
      const named = m.continents.every((name) => held.some((c) => c.name === name));
      const others = held.filter((c) => !m.continents.includes(c.name)).length;
      return named && (!m.anyOther || others >= 1);
    }
    case 'territories': {
      let n = 0;
      state.owner.forEach((o, t) => {
        if (o === player && state.armies[t]! >= m.armiesEach) n++;
      });
      return n >= m.count;
    }
    case 'destroy': {
      const target = state.players[m.seat]!;
      return target.eliminated && target.eliminatedBy === player;
    }
  }
}
