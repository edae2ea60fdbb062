// The one reducer: (state, action, dice) → new state and events, or a refusal with a reason.
// Action names and payloads follow the class vocabulary (cs3099-observed.md §5).

import type { Action, Triple } from './action.js';
import { areAdjacent } from './board.js';
import { isValidSet, tradeValue } from './cards.js';
import { CHECK_DICE, type Dice, rollBattle } from './dice.js';
import { missionComplete, missionDeck } from './missions.js';
import {
  canFortify,
  capitalVictory,
  countTerritories,
  decisionBy,
  handLimitFor,
  isActive,
  maxDefendDice,
  nextSeat,
  type Reinforcements,
  reinforcements,
  setupExpects,
} from './queries.js';
import type { GameState, PlayerState } from './state.js';

export type { Action, Triple } from './action.js';

export type GameEvent =
  | { readonly type: 'first_player'; readonly player: number }
  | { readonly type: 'deck_shuffled'; readonly deck: readonly number[] }
  | { readonly type: 'territories_dealt' }
  /** Missions are dealt: `known` lists the seats whose mission this replica knows (everyone, offline). */
  | { readonly type: 'missions_dealt'; readonly known: readonly number[] }
  | { readonly type: 'capitals_revealed'; readonly capitals: readonly number[] }
  | { readonly type: 'mission_claimed'; readonly player: number; readonly mission: number }
  | { readonly type: 'placed'; readonly player: number; readonly territory: number; readonly claimed: boolean }
  | { readonly type: 'setup_complete' }
  | {
      readonly type: 'turn_started';
      readonly player: number;
      readonly turn: number;
      readonly reinforcements: Reinforcements;
    }
  | {
      readonly type: 'cards_traded';
      readonly player: number;
      readonly sets: readonly (readonly number[])[];
      readonly armies: number;
      readonly bonusTerritories: readonly number[];
    }
  | { readonly type: 'deployed'; readonly player: number; readonly placements: readonly (readonly [number, number])[] }
  | {
      readonly type: 'attack_declared';
      readonly player: number;
      readonly from: number;
      readonly to: number;
      readonly dice: number;
    }
  | {
      readonly type: 'battle';
      readonly attacker: number;
      readonly defender: number;
      readonly from: number;
      readonly to: number;
      readonly attackerDice: readonly number[];
      readonly defenderDice: readonly number[];
      readonly attackerLosses: number;
      readonly defenderLosses: number;
    }
  | { readonly type: 'conquered'; readonly player: number; readonly territory: number; readonly from: number }
  | { readonly type: 'eliminated'; readonly player: number; readonly by: number; readonly cardsTaken: number }
  | {
      readonly type: 'moved_in';
      readonly player: number;
      readonly from: number;
      readonly to: number;
      readonly armies: number;
    }
  | {
      readonly type: 'fortified';
      readonly player: number;
      readonly from: number;
      readonly to: number;
      readonly armies: number;
    }
  | { readonly type: 'discards_reshuffled'; readonly cards: number }
  | { readonly type: 'card_drawn'; readonly player: number; readonly card: number }
  | { readonly type: 'neutral'; readonly player: number }
  | { readonly type: 'game_over'; readonly winner: number | null };

export type ApplyResult =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): ApplyResult => ({ ok: false, reason });

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function isTerritory(state: GameState, t: unknown): t is number {
  return isInt(t) && t >= 0 && t < state.owner.length;
}

function isTriple(v: unknown): v is Triple {
  return Array.isArray(v) && v.length === 3 && v.every(isInt);
}

/** Whether applying this action draws on the dice (so an online peer must run a dice round first). */
export function needsDice(state: GameState, action: Action): boolean {
  switch (action.command) {
    case 'first_player':
    case 'shuffle_deck':
    case 'deal_territories':
    case 'defend':
      return true;
    case 'deal_missions':
      return action.payload === undefined;
    case 'fortify':
      return (
        state.capturedThisTurn &&
        state.deck.length === 0 &&
        state.discards.length > 0 &&
        state.options.emptyDeck === 'reshuffle'
      );
    default:
      return false;
  }
}

/** Applies one action. An illegal action is refused with a specific reason; the state is never mutated. */
export function apply(state: GameState, action: Action, dice?: Dice): ApplyResult {
  if (state.phase === 'over') return refuse('the game is over');
  if (needsDice(state, action) && dice === undefined) return refuse(`${action.command} needs dice and none were given`);
  switch (action.command) {
    case 'first_player':
      return applyFirstPlayer(state, dice!);
    case 'shuffle_deck':
      return applyShuffle(state, dice!);
    case 'deal_territories':
      return applyDeal(state, dice!);
    case 'deal_missions':
      return applyDealMissions(state, action.payload, dice);
    case 'choose_capitals':
      return applyCapitals(state, action.payload);
    case 'choose_capital': {
      // A secret choice is only checked here (seats check their answers with apply); it changes
      // nothing: the capitals take effect together, with choose_capitals.
      const problem = checkCapitalChoice(state, action.player, action.payload);
      return problem === null ? { ok: true, state, events: [] } : refuse(`choose_capital: ${problem}`);
    }
    case 'claim_mission':
      return applyClaim(state, action.player, action.payload);
    case 'leave_game':
    case 'timeout':
      return applyNeutral(state, action.player);
    default: {
      const actor = decisionBy(state);
      if (!isInt(action.player) || action.player < 0 || action.player >= state.players.length) {
        return refuse(`unknown player ${String(action.player)}`);
      }
      const expected = expectedCommand(state);
      if (action.command !== expected && !(state.phase === 'attack' && action.command === 'fortify')) {
        return refuse(
          `${action.command} is not allowed now: the game expects ${expected ?? 'a dice draw'} (phase ${state.phase})`,
        );
      }
      const defenderIsNeutral = state.phase === 'defend' && state.players[actor!]!.neutral;
      if (action.player !== actor && !defenderIsNeutral) {
        return refuse(`not player ${action.player}'s decision: waiting for player ${actor}`);
      }
      switch (action.command) {
        case 'setup':
          return applySetup(state, action.player, action.payload);
        case 'play_cards':
          return applyCards(state, action.player, action.payload);
        case 'deploy':
          return applyDeploy(state, action.player, action.payload);
        case 'attack':
          return applyAttack(state, action.player, action.payload);
        case 'defend':
          return applyDefend(state, action.payload, dice!);
        case 'attack_capture':
          return applyCapture(state, action.player, action.payload);
        case 'fortify':
          return applyFortify(state, action.player, action.payload, dice);
      }
    }
  }
}

function expectedCommand(state: GameState): Action['command'] | null {
  switch (state.phase) {
    case 'setup':
      return 'setup';
    case 'cards':
      return 'play_cards';
    case 'deploy':
      return 'deploy';
    case 'attack':
      return 'attack';
    case 'defend':
      return 'defend';
    case 'capture':
      return 'attack_capture';
    default:
      return null;
  }
}

function applyFirstPlayer(state: GameState, dice: Dice): ApplyResult {
  if (state.phase !== 'first_player') return refuse(`the first player was already drawn (phase ${state.phase})`);
  // Among the players: the neutral army (the last seat) never moves.
  const firstPlayer = dice.below(state.options.players);
  return {
    ok: true,
    state: { ...state, firstPlayer, phase: 'shuffle_deck' },
    events: [{ type: 'first_player', player: firstPlayer }],
  };
}

function applyShuffle(state: GameState, dice: Dice): ApplyResult {
  if (state.phase !== 'shuffle_deck') return refuse(`the deck cannot be shuffled now (phase ${state.phase})`);
  const deck = dice.shuffle(state.board.cardCount);
  const missions = state.options.variant === 'mission';
  let next: GameState = {
    ...state,
    deck,
    current: state.firstPlayer,
    missionDeck: missions ? missionDeck(state.options.players) : [],
  };
  const events: GameEvent[] = [{ type: 'deck_shuffled', deck }];
  // The two-player game with a neutral army deals its 14/14/14 in the same draw: no extra round.
  if (state.neutralArmy >= 0) {
    next = dealt(next, dice);
    events.push({ type: 'territories_dealt' });
  }
  const phase = missions ? 'deal_missions' : afterMissions(next);
  // A first player made neutral during the opening draws does not place: the next one does.
  if (phase === 'setup') return continueSetup({ ...next, phase }, state.firstPlayer, true, events);
  return { ok: true, state: { ...next, phase }, events };
}

/** After the missions (if any): deal territories in a 'random' setup not dealt yet, else set up. */
function afterMissions(state: GameState): 'deal' | 'setup' {
  return state.options.setup === 'random' && state.owner.includes(-1) ? 'deal' : 'setup';
}

/** Every territory dealt in turn from the first player, one army on each. */
function dealt(state: GameState, dice: Dice): GameState {
  const order = dice.shuffle(state.owner.length);
  const owner = [...state.owner];
  const armies = [...state.armies];
  const players = state.players.map((p) => ({ ...p }));
  const n = players.length;
  order.forEach((territory, k) => {
    const seat = (state.firstPlayer + k) % n;
    owner[territory] = seat;
    armies[territory] = 1;
    players[seat]!.reserve--;
  });
  return { ...state, owner, armies, players };
}

function applyDealMissions(state: GameState, payload: unknown, dice: Dice | undefined): ApplyResult {
  if (state.phase !== 'deal_missions')
    return refuse(`missions are dealt only in a Secret Mission game, before setup (phase ${state.phase})`);
  const seats = state.players.length;
  let missions: (number | null)[];
  if (payload === undefined) {
    const order = dice!.shuffle(state.missionDeck.length);
    missions = state.players.map((p) => (p.id === state.neutralArmy ? null : state.missionDeck[order[p.id]!]!));
  } else {
    if (!Array.isArray(payload) || payload.length !== seats) {
      return refuse(`deal_missions: payload must list ${seats} entries (a mission card or null per seat)`);
    }
    const seen = new Set<number>();
    for (const [seat, card] of payload.entries()) {
      if (card === null) continue;
      if (!isInt(card) || !state.missionDeck.includes(card))
        return refuse(`deal_missions: ${JSON.stringify(card)} is not a card of this game's mission deck`);
      if (seat === state.neutralArmy) return refuse('deal_missions: the neutral army gets no mission');
      if (seen.has(card)) return refuse(`deal_missions: mission card ${card} is dealt twice`);
      seen.add(card);
    }
    missions = payload as (number | null)[];
  }
  const known = missions.flatMap((m, seat) => (m === null ? [] : [seat]));
  const next: GameState = { ...state, missions, missionsRevealed: missions.map(() => false) };
  const phase = afterMissions(state);
  const events: GameEvent[] = [{ type: 'missions_dealt', known }];
  // A first player made neutral during the deal (networked: a player timed out) does not place.
  if (phase === 'setup') return continueSetup({ ...next, phase }, state.firstPlayer, true, events);
  return { ok: true, state: { ...next, phase }, events };
}

function applyCapitals(state: GameState, payload: unknown): ApplyResult {
  if (state.phase !== 'capitals')
    return refuse(`capitals are chosen once, after setup, in a Capital Risk game (phase ${state.phase})`);
  if (!Array.isArray(payload) || payload.length !== state.players.length) {
    return refuse(
      `choose_capitals: payload must list ${state.players.length} territories (-1 for a seat without a capital)`,
    );
  }
  for (const p of state.players) {
    const t = payload[p.id] as unknown;
    if (t === -1 && !isActive(p)) continue;
    const problem = checkCapitalChoice(state, p.id, t);
    if (problem !== null) return refuse(`choose_capitals: ${problem}`);
  }
  const capitals = payload as number[];
  const events: GameEvent[] = [{ type: 'capitals_revealed', capitals }];
  return beginTurn({ ...state, capitals }, nextSeat(state, state.firstPlayer, isActive, true), events);
}

/** Why `territory` cannot be `player`'s capital, or null when it can. */
export function checkCapitalChoice(state: GameState, player: number, territory: unknown): string | null {
  if (state.phase !== 'capitals')
    return `capitals are chosen after setup in a Capital Risk game (phase ${state.phase})`;
  if (!isInt(player) || player < 0 || player >= state.players.length) return `unknown player ${String(player)}`;
  if (player === state.neutralArmy) return 'the neutral army has no capital';
  if (!isTerritory(state, territory)) return `${JSON.stringify(territory)} is not a territory`;
  if (state.owner[territory] !== player)
    return `player ${player}'s capital must be one of their own territories, not ${territory}`;
  return null;
}

/** Who must choose a capital now (every player still in the game). */
export function capitalChoosers(state: GameState): number[] {
  return state.phase === 'capitals' ? state.players.filter(isActive).map((p) => p.id) : [];
}

function applyClaim(state: GameState, player: number, card: unknown): ApplyResult {
  if (state.options.variant !== 'mission') return refuse('claim_mission: this is not a Secret Mission game');
  if (!isInt(player) || player < 0 || player >= state.players.length) return refuse(`unknown player ${String(player)}`);
  if (!['cards', 'deploy', 'attack'].includes(state.phase) || state.current !== player) {
    return refuse(
      `claim_mission: player ${player} may claim a mission only during their own turn, before a battle or capture is pending`,
    );
  }
  if (!isInt(card) || !state.missionDeck.includes(card))
    return refuse(`claim_mission: ${JSON.stringify(card)} is not a card of this game's mission deck`);
  const known = state.missions[player];
  if (known !== null && known !== undefined && known !== card)
    return refuse(`claim_mission: player ${player}'s mission is card ${known}, not ${card}`);
  const holder = state.missions.findIndex((m, seat) => m === card && seat !== player);
  if (holder >= 0) return refuse(`claim_mission: mission card ${card} is player ${holder}'s`);
  if (!missionComplete(state, player, card))
    return refuse(`claim_mission: player ${player} has not completed mission ${card}`);
  const missions = state.missions.map((m, seat) => (seat === player ? card : m));
  const missionsRevealed = state.missionsRevealed.map((r, seat) => r || seat === player);
  const events: GameEvent[] = [{ type: 'mission_claimed', player, mission: card }];
  return finish({ ...state, missions, missionsRevealed }, player, events);
}

function applyDeal(state: GameState, dice: Dice): ApplyResult {
  if (state.phase !== 'deal')
    return refuse(`territories are dealt only in a 'random' setup, before placing (phase ${state.phase})`);
  const events: GameEvent[] = [{ type: 'territories_dealt' }];
  return continueSetup({ ...dealt(state, dice), phase: 'setup' }, state.firstPlayer, true, events);
}

/** Moves setup on to the next seat with armies to place, or on to the capitals or the first turn. */
function continueSetup(state: GameState, from: number, includeFrom: boolean, events: GameEvent[]): ApplyResult {
  const next = nextSeat(state, from, (p) => isActive(p) && p.reserve > 0, includeFrom);
  if (next >= 0) return { ok: true, state: { ...state, current: next, setupStep: 0 }, events };
  events.push({ type: 'setup_complete' });
  const remaining = lastActive(state);
  if (remaining !== null) return finish(state, remaining, events);
  const first = nextSeat(state, state.firstPlayer, isActive, true);
  if (state.options.variant === 'capital' && first >= 0 && lastActive(state) === null) {
    return { ok: true, state: { ...state, phase: 'capitals', current: first, setupStep: 0 }, events };
  }
  return beginTurn({ ...state, setupStep: 0 }, first, events);
}

function applySetup(state: GameState, player: number, territory: number): ApplyResult {
  if (!isTerritory(state, territory)) return refuse(`setup: ${String(territory)} is not a territory`);
  const expects = setupExpects(state);
  const placing = expects === 'neutral' ? state.neutralArmy : player;
  if (state.players[placing]!.reserve <= 0) {
    return refuse(
      placing === player
        ? `setup: player ${player} has no armies left to place`
        : 'setup: the neutral army has no armies left to place',
    );
  }
  const claiming = expects === 'claim';
  const name = state.board.territories[territory]!.name;
  if (claiming && state.owner[territory] !== -1) {
    return refuse(`setup: ${name} (${territory}) is already claimed; claim an unclaimed territory while any remain`);
  }
  if (expects === 'own' && state.owner[territory] !== player) {
    return refuse(
      `setup: ${name} (${territory}) belongs to player ${state.owner[territory]}; place on your own territory`,
    );
  }
  if (expects === 'neutral' && state.owner[territory] !== state.neutralArmy) {
    return refuse(
      `setup: ${name} (${territory}) is not the neutral army's; place this turn's neutral army on a neutral territory`,
    );
  }
  const placer = expects === 'neutral' ? state.neutralArmy : player;
  const owner = [...state.owner];
  const armies = [...state.armies];
  owner[territory] = placer;
  armies[territory]!++;
  const players = replacePlayer(state.players, placer, { reserve: state.players[placer]!.reserve - 1 });
  const events: GameEvent[] = [{ type: 'placed', player: placer, territory, claimed: claiming }];
  const next: GameState = { ...state, owner, armies, players };
  if (state.neutralArmy >= 0 && expects !== 'neutral') {
    // The 1993 two-player setup: two of one's own armies, then one neutral, per turn.
    const step = state.setupStep + 1;
    const ownLeft = players[player]!.reserve > 0;
    if (step < 2 && ownLeft) return { ok: true, state: { ...next, setupStep: step }, events };
    if (players[state.neutralArmy]!.reserve > 0) return { ok: true, state: { ...next, setupStep: 2 }, events };
  }
  return continueSetup(next, player, false, events);
}

function beginTurn(state: GameState, player: number, events: GameEvent[]): ApplyResult {
  if (player < 0) return finish(state, null, events);
  if (lastActive(state) === player) return finish(state, player, events);
  const due = reinforcements(state, player);
  const turn = state.turn + 1;
  events.push({ type: 'turn_started', player, turn, reinforcements: due });
  return {
    ok: true,
    state: {
      ...state,
      phase: 'cards',
      current: player,
      turn,
      toDeploy: due.total,
      capturedThisTurn: false,
      eliminationTrade: false,
      bonusThisTurn: false,
      pendingAttack: null,
      pendingCapture: null,
    },
    events,
  };
}

function finish(state: GameState, winner: number | null, events: GameEvent[]): ApplyResult {
  events.push({ type: 'game_over', winner });
  return {
    ok: true,
    state: { ...state, phase: 'over', winner, pendingAttack: null, pendingCapture: null, toDeploy: 0 },
    events,
  };
}

function applyCards(state: GameState, player: number, payload: unknown): ApplyResult {
  const hand = state.players[player]!.cards;
  const limit = handLimitFor(state, player);
  if (payload === null || payload === undefined) {
    if (limit !== null) {
      return refuse(`play_cards: player ${player} holds ${hand.length} cards and must trade down to ${limit} or fewer`);
    }
    return { ok: true, state: { ...state, phase: 'deploy' }, events: [] };
  }
  if (typeof payload !== 'object' || !Array.isArray((payload as { cards?: unknown }).cards)) {
    return refuse('play_cards: payload must be null or {cards: [[c1, c2, c3], …], armies}');
  }
  const { cards: sets, armies: claimed } = payload as { cards: unknown[]; armies?: unknown };
  if (sets.length === 0) return refuse('play_cards: cards is empty; send null for no trade');
  const used = new Set<number>();
  for (const set of sets) {
    if (!Array.isArray(set) || set.length !== 3 || !set.every(isInt)) {
      return refuse(`play_cards: ${JSON.stringify(set)} is not three card ids`);
    }
    for (const card of set as number[]) {
      if (!hand.includes(card)) return refuse(`play_cards: player ${player} does not hold card ${card}`);
      if (used.has(card)) return refuse(`play_cards: card ${card} is traded twice`);
      used.add(card);
    }
    if (!isValidSet(state.board, set as number[])) {
      return refuse(
        `play_cards: [${set.join(', ')}] is not a valid set (three of one type, one of each, or two plus a wildcard)`,
      );
    }
  }
  const remaining = hand.filter((c) => !used.has(c));
  if (limit !== null && remaining.length > limit) {
    return refuse(
      `play_cards: player ${player} would still hold ${remaining.length} cards; must trade down to ${limit} or fewer`,
    );
  }
  if (state.eliminationTrade && state.options.eliminationTrade === 'to_four' && remaining.length + 3 <= 4) {
    return refuse(
      `play_cards: after taking cards by elimination, trade only until 4 or fewer remain; ${sets.length} sets go past that`,
    );
  }

  let setArmies = 0;
  const armies = [...state.armies];
  let poolBonus = 0;
  const bonusTerritories: number[] = [];
  // The 1993 limit: at most one +2 (2 extra armies) a turn, however many sets are traded.
  let bonusesLeft = state.options.territoryBonusPerTurn === 'one' ? (state.bonusThisTurn ? 0 : 1) : Infinity;
  sets.forEach((set, i) => {
    setArmies += tradeValue(state.board, state.options.cardValues, state.setsTraded + i, set as number[]);
    // +2 for a card showing an owned territory: by default once per set, on the first such card sent.
    const shown = (set as number[]).filter((c) => c < state.owner.length && state.owner[c] === player);
    for (const territory of state.options.territoryBonusCards === 'one' ? shown.slice(0, 1) : shown) {
      if (bonusesLeft <= 0) break;
      bonusesLeft--;
      bonusTerritories.push(territory);
      if (state.options.territoryBonus === 'placed') armies[territory]! += 2;
      else poolBonus += 2;
    }
  });
  const total = setArmies + 2 * bonusTerritories.length;
  if (claimed !== undefined && claimed !== -1 && claimed !== total) {
    return refuse(`play_cards: armies ${JSON.stringify(claimed)} does not match the ${total} armies this trade yields`);
  }
  const traded = sets.flat() as number[];
  const next: GameState = {
    ...state,
    armies,
    players: replacePlayer(state.players, player, { cards: remaining }),
    discards: [...state.discards, ...traded],
    setsTraded: state.setsTraded + sets.length,
    toDeploy: state.toDeploy + setArmies + poolBonus,
    bonusThisTurn: state.bonusThisTurn || bonusTerritories.length > 0,
    phase: 'deploy',
  };
  return {
    ok: true,
    state: next,
    events: [{ type: 'cards_traded', player, sets: sets as number[][], armies: total, bonusTerritories }],
  };
}

function applyDeploy(state: GameState, player: number, payload: unknown): ApplyResult {
  if (!Array.isArray(payload) || payload.length === 0)
    return refuse('deploy: payload must be a non-empty list of [territory, armies]');
  const armies = [...state.armies];
  let sum = 0;
  for (const entry of payload) {
    if (!Array.isArray(entry) || entry.length !== 2 || !entry.every(isInt)) {
      return refuse(`deploy: ${JSON.stringify(entry)} is not [territory, armies]`);
    }
    const [territory, count] = entry as [number, number];
    if (!isTerritory(state, territory)) return refuse(`deploy: ${territory} is not a territory`);
    if (state.owner[territory] !== player) return refuse(`deploy: territory ${territory} is not player ${player}'s`);
    if (count < 1) return refuse(`deploy: ${count} armies on territory ${territory}; each entry places at least 1`);
    armies[territory]! += count;
    sum += count;
  }
  if (sum !== state.toDeploy) return refuse(`deploy: places ${sum} armies but ${state.toDeploy} are due`);
  return {
    ok: true,
    state: { ...state, armies, toDeploy: 0, phase: 'attack', eliminationTrade: false },
    events: [{ type: 'deployed', player, placements: payload as [number, number][] }],
  };
}

function applyAttack(state: GameState, player: number, payload: unknown): ApplyResult {
  if (!isTriple(payload)) return refuse('attack: payload must be [source, target, dice]');
  const [from, to, dice] = payload;
  if (!isTerritory(state, from) || !isTerritory(state, to))
    return refuse(`attack: [${from}, ${to}] names an unknown territory`);
  if (from === to) return refuse(`attack: source and target are the same territory (${from})`);
  if (state.owner[from] !== player) return refuse(`attack: source ${from} is not player ${player}'s`);
  if (state.owner[to] === player) return refuse(`attack: target ${to} is player ${player}'s own territory`);
  if (!areAdjacent(state.board, from, to)) return refuse(`attack: ${from} and ${to} are not adjacent`);
  if (state.armies[from]! < 2)
    return refuse(`attack: source ${from} has only ${state.armies[from]} army; attacking needs at least 2`);
  if (dice < 1 || dice > 3) return refuse(`attack: ${dice} dice; the attacker rolls 1 to 3`);
  if (dice >= state.armies[from]!) {
    return refuse(`attack: ${dice} dice from ${state.armies[from]} armies; one army must stay behind`);
  }
  return {
    ok: true,
    state: { ...state, phase: 'defend', pendingAttack: { from, to, dice } },
    events: [{ type: 'attack_declared', player, from, to, dice }],
  };
}

function applyDefend(state: GameState, count: unknown, dice: Dice): ApplyResult {
  const attack = state.pendingAttack!;
  const defender = state.owner[attack.to]!;
  const most = maxDefendDice(state, attack.to);
  if (!isInt(count) || count < 1 || count > most) {
    return refuse(`defend: ${JSON.stringify(count)} dice; territory ${attack.to} may defend with 1 to ${most}`);
  }
  if (state.players[defender]!.neutral && count !== most) {
    return refuse(`defend: neutral player ${defender} always defends with the most dice (${most})`);
  }
  const battle = rollBattle(dice, attack.dice, count);
  const armies = [...state.armies];
  armies[attack.from]! -= battle.attackerLosses;
  armies[attack.to]! -= battle.defenderLosses;
  const attacker = state.current;
  const events: GameEvent[] = [{ type: 'battle', attacker, defender, from: attack.from, to: attack.to, ...battle }];
  if (armies[attack.to]! > 0) {
    return { ok: true, state: { ...state, armies, phase: 'attack', pendingAttack: null }, events };
  }
  const owner = [...state.owner];
  owner[attack.to] = attacker;
  events.push({ type: 'conquered', player: attacker, territory: attack.to, from: attack.from });
  let players = state.players;
  if (!owner.includes(defender)) {
    const taken = players[defender]!.cards;
    players = replacePlayer(players, defender, { eliminated: true, eliminatedBy: attacker, cards: [] });
    players = replacePlayer(players, attacker, { cards: [...players[attacker]!.cards, ...taken] });
    events.push({ type: 'eliminated', player: defender, by: attacker, cardsTaken: taken.length });
  }
  return {
    ok: true,
    state: {
      ...state,
      owner,
      armies,
      players,
      phase: 'capture',
      capturedThisTurn: true,
      pendingAttack: null,
      pendingCapture: { from: attack.from, to: attack.to, minimum: attack.dice },
    },
    events,
  };
}

function applyCapture(state: GameState, player: number, payload: unknown): ApplyResult {
  const capture = state.pendingCapture!;
  if (!isTriple(payload)) return refuse('attack_capture: payload must be [source, target, armies]');
  const [from, to, count] = payload;
  if (from !== capture.from || to !== capture.to) {
    return refuse(
      `attack_capture: [${from}, ${to}] does not match the capture from ${capture.from} into ${capture.to}`,
    );
  }
  if (count < capture.minimum)
    return refuse(`attack_capture: ${count} armies; at least ${capture.minimum} (the dice rolled) must move in`);
  if (count > state.armies[from]! - 1) {
    return refuse(
      `attack_capture: ${count} armies; at most ${state.armies[from]! - 1} can move, one must stay in ${from}`,
    );
  }
  const armies = [...state.armies];
  armies[from]! -= count;
  armies[to]! += count;
  const events: GameEvent[] = [{ type: 'moved_in', player, from, to, armies: count }];
  const next: GameState = { ...state, armies, pendingCapture: null, phase: 'attack' };
  if (countTerritories(next, player) === next.owner.length) return finish(next, player, events);
  if (lastActive(next) === player) return finish(next, player, events);
  if (next.options.variant === 'capital' && capitalVictory(next, player)) return finish(next, player, events);
  if (next.players[player]!.cards.length >= 6) {
    return { ok: true, state: { ...next, phase: 'cards', eliminationTrade: true }, events };
  }
  return { ok: true, state: next, events };
}

/** The one active player left, if only one is. */
function lastActive(state: GameState): number | null {
  const active = state.players.filter(isActive);
  return active.length === 1 ? active[0]!.id : null;
}

function applyFortify(state: GameState, player: number, payload: unknown, dice: Dice | undefined): ApplyResult {
  const armies = [...state.armies];
  const events: GameEvent[] = [];
  if (payload !== null && payload !== undefined) {
    if (!isTriple(payload)) return refuse('fortify: payload must be [source, target, armies] or null');
    const [from, to, count] = payload;
    if (count !== 0) {
      if (!isTerritory(state, from) || !isTerritory(state, to))
        return refuse(`fortify: [${from}, ${to}] names an unknown territory`);
      if (from === to) return refuse(`fortify: source and target are the same territory (${from})`);
      if (state.owner[from] !== player) return refuse(`fortify: source ${from} is not player ${player}'s`);
      if (state.owner[to] !== player) return refuse(`fortify: target ${to} is not player ${player}'s`);
      if (!canFortify(state, from, to)) {
        return refuse(
          state.options.fortify === 'adjacent'
            ? `fortify: ${from} and ${to} are not adjacent`
            : `fortify: ${to} cannot be reached from ${from} through player ${player}'s territories`,
        );
      }
      if (count < 1 || count > state.armies[from]! - 1) {
        return refuse(
          `fortify: ${count} armies; between 1 and ${state.armies[from]! - 1} can move, one must stay in ${from}`,
        );
      }
      armies[from]! -= count;
      armies[to]! += count;
      events.push({ type: 'fortified', player, from, to, armies: count });
    }
  }
  let next: GameState = { ...state, armies };
  if (state.capturedThisTurn) next = drawCard(next, player, dice, events);
  return beginTurn(next, nextSeat(next, player, isActive), events);
}

function drawCard(state: GameState, player: number, dice: Dice | undefined, events: GameEvent[]): GameState {
  let { deck, discards } = state;
  if (deck.length === 0 && discards.length > 0 && state.options.emptyDeck === 'reshuffle') {
    const order = dice!.shuffle(discards.length);
    deck = order.map((i) => discards[i]!);
    discards = [];
    events.push({ type: 'discards_reshuffled', cards: deck.length });
  }
  if (deck.length === 0) return { ...state, deck, discards };
  const card = deck[0]!;
  events.push({ type: 'card_drawn', player, card });
  return {
    ...state,
    deck: deck.slice(1),
    discards,
    players: replacePlayer(state.players, player, { cards: [...state.players[player]!.cards, card] }),
  };
}

function applyNeutral(state: GameState, player: number): ApplyResult {
  if (!isInt(player) || player < 0 || player >= state.players.length) return refuse(`unknown player ${String(player)}`);
  const me = state.players[player]!;
  if (me.neutral) return refuse(`player ${player} is already neutral`);
  if (me.eliminated) return refuse(`player ${player} is already out of the game`);
  let next: GameState = { ...state, players: replacePlayer(state.players, player, { neutral: true }) };
  const events: GameEvent[] = [{ type: 'neutral', player }];
  const remaining = lastActive(next);
  const anyActive = next.players.some(isActive);
  if (!anyActive) return finish(next, null, events);
  const setupDone = !['first_player', 'shuffle_deck', 'deal_missions', 'deal', 'setup'].includes(state.phase);
  if (setupDone && remaining !== null) return finish(next, remaining, events);
  // Capitals are chosen together: the one who left simply has none (choose_capitals gives -1).
  if (state.phase === 'capitals') return { ok: true, state: next, events };
  if (state.phase === 'setup' && state.current === player) return continueSetup(next, player, false, events);
  if (setupDone && state.current === player) {
    if (state.phase === 'capture') {
      // The captured territory must not stay empty: move in the minimum.
      const { from, to, minimum } = state.pendingCapture!;
      const armies = [...next.armies];
      armies[from]! -= minimum;
      armies[to]! += minimum;
      events.push({ type: 'moved_in', player, from, to, armies: minimum });
      next = { ...next, armies };
    }
    return beginTurn(next, nextSeat(next, player, isActive), events);
  }
  return { ok: true, state: next, events };
}

function replacePlayer(players: readonly PlayerState[], id: number, change: Partial<PlayerState>): PlayerState[] {
  return players.map((p) => (p.id === id ? { ...p, ...change } : p));
}

/**
 * A move still waiting for its dice after `player` became neutral: a neutral defender rolls the
 * most dice it may; a move that neutrality made illegal (the attacker's turn ended) is dropped.
 */
export function pendingAfterNeutral<A extends Action>(state: GameState, pending: A, player: number): A | null {
  const adjusted =
    pending.command === 'defend' && pending.player === player && state.phase === 'defend'
      ? ({ command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) } as A)
      : pending;
  return apply(state, adjusted, CHECK_DICE).ok ? adjusted : null;
}
