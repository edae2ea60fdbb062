// The plain view's command language: one line per command, territories by name (any case, any
// unambiguous start, or the three-letter code), e.g. "deploy Alaska 3", "attack alaska kam 3",
// "fortify ural siberia 2", "end". Pure: a line and the decision in, an action or a reply out.
import {
  type Action,
  attackOptions,
  type Board,
  canFortify,
  fortifyTargets,
  type GameState,
  handLimitFor,
  maxAttackDice,
  maxDefendDice,
  setsInHand,
  setupExpects,
  setValue,
} from '../model/index.js';
import { didYouMean } from './did-you-mean.js';
import { territoryCode } from './map-layout.js';
import { cardName } from './prompt-text.js';
import { type Decision, mergePlan, type Placement } from './turn-input.js';

/** What the plain view remembers between lines of one decision. */
export interface LineTurn {
  readonly plan: readonly Placement[];
  /** After "end" in the attack phase: the player is choosing a fortify move. */
  readonly fortifying: boolean;
}

export const NEW_TURN: LineTurn = { plan: [], fortifying: false };

export type LineResult =
  | { readonly kind: 'send'; readonly action: Action; readonly turn: LineTurn; readonly reply?: string }
  | { readonly kind: 'reply'; readonly text: string; readonly turn: LineTurn }
  /** A command about the table rather than the move (help, map, quit, …). */
  | {
      readonly kind: 'table';
      readonly command: TableCommand | 'auto-setup' | 'auto-defend';
      readonly turn: LineTurn;
    };

/** Commands about the table rather than the move: they work whether or not a move is due. */
export const TABLE_COMMANDS = {
  help: 'help',
  '?': 'help',
  rules: 'rules',
  map: 'map',
  board: 'map',
  players: 'players',
  cards: 'cards',
  mission: 'goal',
  goal: 'goal',
  quit: 'quit',
  exit: 'quit',
} as const;

export type TableCommand = (typeof TABLE_COMMANDS)[keyof typeof TABLE_COMMANDS];

/** The words that make a move in some part of the game (see readLine). */
const MOVE_VERBS = [
  'place',
  'claim',
  'put',
  'auto',
  'capital',
  'choose',
  'trade',
  'skip',
  'no',
  'none',
  'end',
  'done',
  'deploy',
  'undo',
  'attack',
  'fortify',
  'move',
  'back',
  'capture',
  'defend',
];

/** Whether a line's first word is a command at all (a move's, a table's, or a bare number). */
export function knownCommand(line: string): boolean {
  const verb = words(line)[0]?.toLowerCase();
  return verb === undefined || verb in TABLE_COMMANDS || MOVE_VERBS.includes(verb) || /^\d+$/.test(verb);
}

/** Every word a line may start with, for suggestions. */
const COMMAND_WORDS: readonly string[] = [...Object.keys(TABLE_COMMANDS), ...MOVE_VERBS];

/**
 * Why a line's first word is no command, with the command it is likely a typo of (`also`: words
 * that are commands where the line was typed, e.g. the lobby's).
 */
export function notACommand(verb: string, also: readonly string[] = []): string {
  return `"${verb}" is not a command${didYouMean(verb, [...also, ...COMMAND_WORDS])} (help lists them)`;
}

/** Splits a line into words; "quoted names" stay whole; - and _ join words of a name. */
export function words(line: string): string[] {
  const out: string[] = [];
  for (const match of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push((match[1] ?? match[2] ?? match[3]!).trim());
  return out.filter((w) => w !== '');
}

const norm = (text: string) => text.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();

/** A territory named by text: exact name, code, or the start of exactly one name. */
export function findTerritory(
  board: Board,
  text: string,
): { ok: true; territory: number } | { ok: false; reason: string } {
  const wanted = norm(text);
  const names = board.territories.map((t) => norm(t.name));
  const exact = names.indexOf(wanted);
  if (exact >= 0) return { ok: true, territory: exact };
  const coded = board.territories.findIndex((t) => territoryCode(board, t.id).toLowerCase() === wanted);
  if (coded >= 0) return { ok: true, territory: coded };
  const starts = names
    .map((n, i) => [n, i] as const)
    .filter(([n]) => n.startsWith(wanted) || n.split(' ').some((w) => w.startsWith(wanted) && wanted.length >= 3));
  if (starts.length === 1) return { ok: true, territory: starts[0]![1] };
  if (starts.length > 1)
    return {
      ok: false,
      reason: `"${text}" could be ${starts.map(([, i]) => board.territories[i]!.name).join(', ')}: say more of the name`,
    };
  const named = didYouMean(
    text,
    board.territories.map((t) => t.name),
  );
  return { ok: false, reason: `no territory is called "${text}"${named} ("map" lists them all)` };
}

/** Reads `count` territory names off the front of the words (names may be several words long). */
export function takeTerritories(
  board: Board,
  list: readonly string[],
  count: number,
): { ok: true; territories: number[]; rest: string[] } | { ok: false; reason: string } {
  const territories: number[] = [];
  let rest = [...list];
  for (let k = 0; k < count; k++) {
    if (rest.length === 0) return { ok: false, reason: `name ${count === 1 ? 'a territory' : `${count} territories`}` };
    let found: { territory: number; used: number } | null = null;
    let problem = '';
    // The longest run of words that names a territory wins ("east africa" before "east").
    for (let used = Math.min(rest.length, 4); used >= 1; used--) {
      if (/^\d+$/.test(rest[used - 1]!)) continue;
      const match = findTerritory(board, rest.slice(0, used).join(' '));
      if (match.ok) {
        found = { territory: match.territory, used };
        break;
      }
      if (used === 1) problem = match.reason;
    }
    if (found === null) return { ok: false, reason: problem || `"${rest[0]}" is not a territory` };
    territories.push(found.territory);
    rest = rest.slice(found.used);
  }
  return { ok: true, territories, rest };
}

function number(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** Applies one line to the decision in progress. */
export function readLine(decision: Decision, turn: LineTurn, line: string): LineResult {
  const [first, ...args] = words(line);
  const reply = (text: string, next: LineTurn = turn): LineResult => ({ kind: 'reply', text, turn: next });
  if (first === undefined) return reply(hint(decision, turn));
  const verb = first.toLowerCase();
  if (verb in TABLE_COMMANDS)
    return { kind: 'table', command: TABLE_COMMANDS[verb as keyof typeof TABLE_COMMANDS], turn };
  if (!knownCommand(line)) return reply(`${notACommand(first)}. ${hint(decision, turn)}`);
  const { state, player } = decision;
  const board = state.board;
  const t = (id: number) => board.territories[id]!.name;
  const send = (action: Action, next: LineTurn = NEW_TURN): LineResult => ({ kind: 'send', action, turn: next });
  const bareNumber = number(first);
  // A command of another phase says so before it says what is due now.
  const notNow = (due: string) => reply(`"${first}" is not a move now: ${due}. ${hint(decision, turn)}`);

  switch (state.phase) {
    case 'setup': {
      if (verb === 'auto') return { kind: 'table', command: 'auto-setup', turn };
      if (!['place', 'claim', 'put'].includes(verb)) return notNow('place <territory> (or auto)');
      const named = takeTerritories(board, args, 1);
      if (!named.ok) return reply(named.reason);
      if (named.rest.length > 0)
        return reply(
          `place puts 1 army on one territory: "${named.rest.join(' ')}" is left over (auto places the rest)`,
        );
      const target = named.territories[0]!;
      const expects = setupExpects(state);
      if (expects === 'claim' && state.owner[target] !== -1)
        return reply(`${t(target)} is already claimed: claim an empty territory`);
      if (expects === 'own' && state.owner[target] !== player)
        return reply(`${t(target)} is not yours: place on one of your territories`);
      if (expects === 'neutral' && state.owner[target] !== state.neutralArmy)
        return reply(`${t(target)} is not neutral: place this turn's neutral army on a neutral territory`);
      return send({ command: 'setup', player, payload: target });
    }
    case 'capitals': {
      if (!['capital', 'place', 'choose'].includes(verb)) return notNow('capital <territory>');
      const named = takeTerritories(board, args, 1);
      if (!named.ok) return reply(named.reason);
      const target = named.territories[0]!;
      if (state.owner[target] !== player)
        return reply(`${t(target)} is not yours: your capital is one of your territories`);
      return send({ command: 'choose_capital', player, payload: target });
    }
    case 'cards': {
      const hand = state.players[player]!.cards;
      const sets = setsInHand(board, hand);
      const limit = handLimitFor(state, player);
      if (['skip', 'no', 'end', 'none'].includes(verb)) {
        if (limit !== null)
          return reply(`you hold ${hand.length} cards and must trade down to ${limit}: trade <set number>`);
        return send({ command: 'play_cards', player, payload: null });
      }
      if (verb !== 'trade') return notNow(`trade <set number> ${limit === null ? 'or skip' : '(you must trade)'}`);
      const picks = args.map(number);
      if (picks.length === 0 || picks.some((p) => p === null || p < 1 || p > sets.length))
        return reply(`trade which set? 1 to ${sets.length}`);
      const chosen = picks.map((p) => sets[p! - 1]!);
      const used = chosen.flat();
      if (new Set(used).size !== used.length) return reply('those sets share a card: choose sets without common cards');
      if (limit !== null && hand.length - used.length > limit)
        return reply(`you would still hold ${hand.length - used.length} cards: trade down to ${limit}`);
      return send({ command: 'play_cards', player, payload: { cards: chosen.map((s) => [...s]) } });
    }
    case 'deploy': {
      const placed = turn.plan.reduce((sum, [, n]) => sum + n, 0);
      const left = state.toDeploy - placed;
      if (verb === 'undo') {
        if (turn.plan.length === 0) return reply('nothing to undo');
        const next = { ...turn, plan: turn.plan.slice(0, -1) };
        return reply(
          `taken back: ${turn.plan.at(-1)![1]} on ${t(turn.plan.at(-1)![0])}; ${left + turn.plan.at(-1)![1]} left to place`,
          next,
        );
      }
      if (!['deploy', 'place', 'put'].includes(verb)) return notNow(`deploy <territory> <armies> (${left} left)`);
      const named = takeTerritories(board, args, 1);
      if (!named.ok) return reply(named.reason);
      const target = named.territories[0]!;
      if (state.owner[target] !== player) return reply(`${t(target)} is not yours: deploy on your own territories`);
      const count = named.rest.length === 0 ? left : number(named.rest[0]);
      if (count === null || count < 1 || count > left) return reply(`how many? 1 to ${left}`);
      const plan: Placement[] = [...turn.plan, [target, count]];
      if (count === left) return send({ command: 'deploy', player, payload: mergePlan(plan) });
      return reply(`${count} on ${t(target)}; ${left - count} left to place (undo takes it back)`, { ...turn, plan });
    }
    case 'attack': {
      if (verb === 'fortify' || verb === 'move') return fortify(decision, args, turn);
      if (verb === 'end' || verb === 'done') {
        if (turn.fortifying) return send({ command: 'fortify', player, payload: null });
        return reply(
          'attacks over. fortify <from> <to> <armies>, or end to end your turn (back returns to attacking)',
          { ...turn, fortifying: true },
        );
      }
      if (verb === 'back' && turn.fortifying) return reply('back to attacking', { ...turn, fortifying: false });
      if (verb === 'undo') return reply(`nothing to undo: your deployment is made. ${hint(decision, turn)}`);
      if (verb !== 'attack')
        return notNow(
          turn.fortifying ? 'fortify <from> <to> <armies> or end' : 'attack <from> <to> [dice], fortify …, or end',
        );
      if (turn.fortifying) return reply('you ended your attacks: fortify or end (or back to attack again)');
      const named = takeTerritories(board, args, 2);
      if (!named.ok) return reply(named.reason);
      const [from, to] = named.territories as [number, number];
      if (state.owner[from] !== player) return reply(`${t(from)} is not yours`);
      if (state.owner[to] === player) return reply(`${t(to)} is yours: attack an enemy territory`);
      if (!board.adjacency[from]!.includes(to)) return reply(`${t(from)} does not border ${t(to)}`);
      if (state.armies[from]! < 2) return reply(`${t(from)} has only 1 army: attacking needs 2 or more`);
      const most = maxAttackDice(state, from);
      const dice = named.rest.length === 0 ? most : number(named.rest[0]);
      if (dice === null || dice < 1 || dice > most)
        return reply(`roll 1 to ${most} dice from ${t(from)} (${state.armies[from]} armies)`);
      return send({ command: 'attack', player, payload: [from, to, dice] }, turn);
    }
    case 'capture': {
      const { from, to, minimum } = state.pendingCapture!;
      const most = state.armies[from]! - 1;
      const count =
        bareNumber ?? (['move', 'capture'].includes(verb) ? (args.length === 0 ? most : number(args[0])) : null);
      if (count === null || count < minimum || count > most)
        return reply(`move ${minimum} to ${most} armies into ${t(to)}: move <armies>`);
      return send({ command: 'attack_capture', player, payload: [from, to, count] });
    }
    case 'defend': {
      const most = maxDefendDice(state, state.pendingAttack!.to);
      if (verb === 'auto') return { kind: 'table', command: 'auto-defend', turn };
      const count = bareNumber ?? (verb === 'defend' ? (args.length === 0 ? most : number(args[0])) : null);
      if (count === null || count < 1 || count > most)
        return reply(`defend with 1 to ${most} dice: defend <dice> (auto: always the most)`);
      return send({ command: 'defend', player, payload: count });
    }
    default:
      return reply('nothing to decide now');
  }
}

function fortify(decision: Decision, args: readonly string[], turn: LineTurn): LineResult {
  const { state, player } = decision;
  const board = state.board;
  const t = (id: number) => board.territories[id]!.name;
  const reply = (text: string): LineResult => ({ kind: 'reply', text, turn });
  const named = takeTerritories(board, args, 2);
  if (!named.ok) return reply(named.reason);
  const [from, to] = named.territories as [number, number];
  if (state.owner[from] !== player || state.owner[to] !== player)
    return reply('fortify between two of your own territories');
  if (!canFortify(state, from, to))
    return reply(
      `${t(from)} and ${t(to)} are not ${state.options.fortify === 'adjacent' ? 'neighbours' : 'connected through your territories'}`,
    );
  const most = state.armies[from]! - 1;
  if (most < 1) return reply(`${t(from)} has only 1 army: one must stay`);
  const count = named.rest.length === 0 ? most : number(named.rest[0]);
  if (count === null || count < 1 || count > most) return reply(`move 1 to ${most} armies from ${t(from)}`);
  return { kind: 'send', action: { command: 'fortify', player, payload: [from, to, count] }, turn: NEW_TURN };
}

const list = (items: readonly string[], max = 12) =>
  items.length > max ? `${items.slice(0, max).join(', ')}, and ${items.length - max} more` : items.join(', ');

/** What to type now, with the choices that are legal. */
export function hint(decision: Decision, turn: LineTurn): string {
  const { state, player } = decision;
  const board = state.board;
  const t = (id: number) => `${board.territories[id]!.name} (${state.armies[id]})`;
  const mine = state.owner
    .map((o, i) => [o, i] as const)
    .filter(([o]) => o === player)
    .map(([, i]) => i);
  switch (state.phase) {
    case 'capitals':
      return `choose your capital in secret: capital <territory>. Yours: ${list(mine.map(t), 42)}`;
    case 'setup': {
      const claiming = state.owner.includes(-1);
      const left = state.players[player]!.reserve;
      if (setupExpects(state) === 'neutral') {
        return `put 1 neutral army on a neutral territory: place <territory>. Neutral: ${list(
          state.owner.flatMap((o, i) => (o === state.neutralArmy ? [t(i)] : [])),
          42,
        )}`;
      }
      return claiming
        ? `claim an empty territory (${left} armies left to place): place <territory>, or auto to let the computer place the rest`
        : `put 1 army on one of your territories (${left} left): place <territory>, or auto. Yours: ${list(mine.map(t), 42)}`;
    }
    case 'cards': {
      const sets = setsInHand(board, state.players[player]!.cards);
      const limit = handLimitFor(state, player);
      const options = sets.map((s, i) => `${i + 1}) ${s.map((c) => cardName(board, c)).join(' + ')}`).join('; ');
      return `trade cards for ${setValue(state.setsTraded)} armies: ${options}. trade <number>${limit === null ? ' or skip' : ` (you must trade down to ${limit} cards)`}`;
    }
    case 'deploy': {
      const left = state.toDeploy - turn.plan.reduce((sum, [, n]) => sum + n, 0);
      return `deploy ${left} ${left === 1 ? 'army' : 'armies'}: deploy <territory> <armies>. Yours: ${list(mine.map(t), 42)}`;
    }
    case 'attack': {
      if (turn.fortifying) {
        const moves = mine
          .filter((f) => state.armies[f]! > 1 && fortifyTargets(state, f).length > 0)
          .map(
            (f) =>
              `${t(f)} → ${fortifyTargets(state, f)
                .map((x) => board.territories[x]!.name)
                .join('/')}`,
          );
        return `fortify <from> <to> <armies> (ends your turn), or end. Possible: ${moves.length ? list(moves) : 'none'}`;
      }
      const options = attackOptions(state).map(([f, to]) => `${t(f)} → ${t(to)}`);
      return options.length === 0
        ? 'no attack is possible: end (then fortify or end again), or fortify <from> <to> <armies>'
        : `attack <from> <to> [dice], or end. Possible: ${list(options)}`;
    }
    case 'capture': {
      const { from, to, minimum } = state.pendingCapture!;
      return `${board.territories[to]!.name} is yours: move ${minimum} to ${state.armies[from]! - 1} armies in from ${board.territories[from]!.name}: move <armies>`;
    }
    case 'defend': {
      const attack = state.pendingAttack!;
      const most = maxDefendDice(state, attack.to);
      return `${board.territories[attack.from]!.name} attacks your ${t(attack.to)} with ${attack.dice} dice: defend <1–${most}> (auto: always the most)`;
    }
    default:
      return 'nothing to decide now';
  }
}

export const PLAIN_HELP = `Commands (territory names: any case, any unambiguous start, or the code, e.g. "kam"):
  place <territory>                 setup: claim or reinforce (auto: the computer places the rest)
  trade <set> [<set>]  |  skip      cards: trade the numbered set(s), or not
  deploy <territory> [armies]       reinforce (all that are left if no number); undo takes one back
  attack <from> <to> [dice]         attack (the most dice if no number)
  move <armies>                     after a conquest: armies to move in
  defend <dice>  |  auto            when attacked (auto: always the most dice)
  end                               stop attacking; then end again to end the turn without fortifying
  fortify <from> <to> <armies>      move armies and end the turn
  mission                           your secret mission or capital (Secret Mission, Capital Risk)
  map  players  cards  rules  help  quit
`;

/** The board as lines of text: each continent's territories with owner and armies. */
export function mapLines(state: GameState, name: (p: number) => string): string[] {
  return state.board.continents.map((c) => {
    const items = c.territories.map((id) => {
      const owner = state.owner[id]!;
      return `${state.board.territories[id]!.name} ${owner < 0 ? 'unclaimed' : `${name(owner)} ${state.armies[id]}`}`;
    });
    return `${c.name} (+${c.value}): ${items.join('; ')}`;
  });
}
