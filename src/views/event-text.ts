// One line of plain text per game or session event: for headless peers, logs and the plain view.

import { describeMission, type GameEvent, type GameState } from '../model/index.js';
import type { SessionEvent } from '../sessions/mesh-session.js';

export function territoryName(state: GameState, t: number): string {
  return state.board.territories[t]?.name ?? `territory ${t}`;
}

export function describeGameEvent(event: GameEvent, state: GameState, name: (player: number) => string): string | null {
  const t = (id: number) => territoryName(state, id);
  switch (event.type) {
    case 'first_player':
      return `${name(event.player)} goes first`;
    case 'deck_shuffled':
      return 'the deck is shuffled';
    case 'territories_dealt':
      return 'territories are dealt at random';
    case 'missions_dealt':
      return 'secret missions are dealt';
    case 'capitals_revealed':
      return `capitals revealed: ${event.capitals.flatMap((c, p) => (c >= 0 ? [`${name(p)} ${t(c)}`] : [])).join(', ')}`;
    case 'mission_claimed':
      return `${name(event.player)} reveals their mission: ${describeMission(event.mission, name)}`;
    case 'placed':
      return `${name(event.player)} ${event.claimed ? 'claims' : 'reinforces'} ${t(event.territory)}`;
    case 'setup_complete':
      return 'setup complete';
    case 'turn_started':
      return `turn ${event.turn}: ${name(event.player)} receives ${event.reinforcements.total} armies`;
    case 'cards_traded': {
      // Said as the prompt says it: the set's value, then the +2 for each card of an owned territory.
      const bonus = event.bonusTerritories.length * 2;
      const sets = event.sets.length === 1 ? 'a set' : `${event.sets.length} sets`;
      const where = state.options.territoryBonus === 'placed' ? 'placed on' : 'for';
      const extra =
        bonus > 0
          ? `, +2 ${where} ${event.bonusTerritories.map(t).join(` and +2 ${where} `)} (a card of their own territory)`
          : '';
      return `${name(event.player)} trades ${sets} for ${event.armies - bonus} armies${extra}`;
    }
    case 'deployed':
      return `${name(event.player)} deploys ${event.placements.map(([id, n]) => `${n} on ${t(id)}`).join(', ')}`;
    case 'attack_declared':
      return `${name(event.player)} attacks ${t(event.to)} from ${t(event.from)} with ${event.dice} dice`;
    case 'battle':
      return `battle ${t(event.from)} → ${t(event.to)}: attacker [${event.attackerDice.join(' ')}] defender [${event.defenderDice.join(' ')}]: attacker loses ${event.attackerLosses}, defender loses ${event.defenderLosses}`;
    case 'conquered':
      return `${name(event.player)} conquers ${t(event.territory)}`;
    case 'eliminated':
      return `${name(event.player)} is eliminated by ${name(event.by)} (${event.cardsTaken} cards taken)`;
    case 'moved_in':
      return `${name(event.player)} moves ${event.armies} armies into ${t(event.to)}`;
    case 'fortified':
      return `${name(event.player)} fortifies ${t(event.to)} with ${event.armies} from ${t(event.from)}`;
    case 'discards_reshuffled':
      return `the ${event.cards} traded cards are reshuffled into a new deck`;
    case 'card_drawn':
      return `${name(event.player)} draws a card`;
    case 'neutral':
      return `${name(event.player)} is now neutral`;
    case 'game_over':
      return event.winner === null ? 'game over: no winner' : `game over: ${name(event.winner)} wins`;
  }
}

export function describeSessionEvent(event: SessionEvent, name: (player: number) => string): string | null {
  switch (event.type) {
    case 'game':
      return describeGameEvent(event.event, event.state, name);
    case 'violation':
      return `CHEATING: ${name(event.player)} ${event.reason}; expelled (now neutral)${event.evidence.length ? ` — evidence: ${event.evidence.join(' | ')}` : ''}`;
    case 'neutral':
      return `${name(event.player)} is neutral: ${event.reason}`;
    case 'info':
      return event.text;
    case 'round':
      return null;
  }
}
