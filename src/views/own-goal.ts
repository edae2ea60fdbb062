// What a player is playing for in Capital and Secret Mission Risk, in words for their own screen:
// their secret mission, their capital and how many capitals are still to take. Only ever shown to
// that player (the screen decides who sits at the keyboard).
import {
  capitalsMissing,
  effectiveMission,
  FALLBACK_MISSION,
  type GameState,
  MISSIONS,
  type Mission,
} from '../model/index.js';

/** A mission card in a few words: "conquer Asia and Africa", "destroy Bea". */
export function missionWords(mission: Mission, name: (player: number) => string): string {
  switch (mission.kind) {
    case 'continents':
      return `conquer ${mission.continents.join(' and ')}${mission.anyOther ? ' and one more continent' : ''}`;
    case 'territories':
      return mission.armiesEach > 1
        ? `hold ${mission.count} territories with ${mission.armiesEach}+ armies each`
        : `hold ${mission.count} territories`;
    case 'destroy':
      return `destroy ${name(mission.seat)}`;
  }
}

/**
 * The lines about `player`'s own goal (none in a game of world domination). `chosenCapital`: the
 * capital this player chose in secret, before all are revealed.
 */
export function ownGoal(
  state: GameState,
  player: number,
  name: (player: number) => string,
  chosenCapital?: number,
): string[] {
  const t = (id: number) => state.board.territories[id]!.name;
  if (state.options.variant === 'mission') {
    const card = state.missions[player];
    if (card === null || card === undefined) return ['Your mission: not dealt yet'];
    const printed = MISSIONS[card]!;
    const now = effectiveMission(state, player, card);
    // A "destroy" card that cannot be done (yourself, or a player someone else knocked out).
    const changed = now !== printed && card !== FALLBACK_MISSION ? ` (card: ${missionWords(printed, name)})` : '';
    const shown = state.missionsRevealed[player] ? ' · revealed' : ' · secret';
    return [`Your mission: ${missionWords(now, name)}${changed}${shown}`];
  }
  if (state.options.variant === 'capital') {
    const own = state.capitals[player] ?? -1;
    if (own < 0) {
      if (chosenCapital !== undefined && chosenCapital >= 0)
        return [`Your capital: ${t(chosenCapital)} (chosen in secret; all are shown together)`];
      return [
        state.phase === 'capitals'
          ? 'Your capital: choose one of your territories'
          : 'Your capital: chosen in secret after the setup',
      ];
    }
    const missing = capitalsMissing(state, player);
    const held = state.owner[own] === player ? '(held)' : '(lost: retake it)';
    const rest =
      missing === 0 ? 'you hold enough capitals to win' : `${missing} more capital${missing === 1 ? '' : 's'} to win`;
    return [`Your capital: ${t(own)} ⌂ ${held} · ${rest}`];
  }
  return [];
}
