// RISC as text: the state listed per player (units and neighbours, in the RISC style), what happened
// in a turn, and territory names as a person types them.
import type { RiscEvent, RiscState } from '../../model/risc/index.js';
import { territoriesOf, unitsOf } from '../../model/risc/index.js';
import { didYouMean } from '../did-you-mean.js';
import type { RiscEnd } from './match.js';

export const RISC_RULES = `RISC: everyone plans at once, in secret.
- Start: each player gets a group of territories and places the same number of units on them.
- Each turn, everyone orders any number of moves (along a path of your own territories) and
  attacks (on a territory next to one of yours). No one sees any order until all have committed.
- Moves happen first. Then all attackers leave at once and arrive at once; a unit takes part in
  one order per turn. Units that leave do not defend. Your attacks on one territory join forces.
- Combat: one unit against one, two 20-sided dice, the lower roll loses a unit, a tie goes to the
  defender. Several attackers on one territory: a list, the holder first (with the units it kept
  at home), then the attackers in an order the dice draw. Entry 0 fights 1, 1 fights 2, …, the
  last fights 0, round and round (a tie between two attackers is thrown again); whoever has no
  units left leaves the list, and the last one left holds the territory.
- Then every territory gains one unit. Hold every territory to win.`;

/** The rules, with the turn limit the players agreed (if any) and its winner rule. */
export function riscRules(turnLimit: number | null): string {
  return turnLimit === null
    ? `${RISC_RULES}
- No turn limit: the game goes on until one player holds everything.`
    : `${RISC_RULES}
- ${limitRule(turnLimit)}`;
}

export function limitRule(turnLimit: number): string {
  return `Turn limit ${turnLimit} (agreed in the lobby): if no one holds everything after turn ${turnLimit}, the player with the most territories wins; between equals, the one with more units; still equal, a draw.`;
}

export const nameOf = (state: RiscState, t: number) => state.board.territories[t]?.name ?? `territory ${t}`;
export const playerName = (state: RiscState, p: number) => state.players[p]?.name ?? `player ${p}`;

/** The RISC listing: each player, then each of their territories with units and neighbours. */
export function stateLines(state: RiscState, you: number | null = null): string[] {
  const lines: string[] = [];
  for (const p of state.players) {
    const title = `${p.name}${p.id === you ? ' (you)' : ''}${state.lost[p.id] ? ' — lost' : state.expelled[p.id] ? ' — expelled' : ''}: ${unitsOf(state, p.id)} units`;
    lines.push(title, '-'.repeat(title.length));
    for (const t of territoriesOf(state, p.id)) {
      const next = state.board.adjacency[t]!.map((n) => nameOf(state, n)).join(', ');
      lines.push(
        `${String(state.units[t]).padStart(3)} ${state.units[t] === 1 ? 'unit ' : 'units'} in ${nameOf(state, t)} (next to: ${next})`,
      );
    }
    lines.push('');
  }
  return lines;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One battle told so a person can follow it: who fought whom in what order, who left, who holds it. */
export function battleLine(state: RiscState, e: Extract<RiscEvent, { kind: 'battle' }>): string {
  const who = (p: number) => playerName(state, p);
  const where = nameOf(state, e.territory);
  const holder = who(e.defender.player);
  const took = e.winner.player !== e.defender.player;
  const ending = took
    ? `${who(e.winner.player)} takes ${where} with ${e.winner.units} left`
    : `${holder} holds ${where} with ${e.winner.units} left`;
  const fights = plural(e.rolls, 'fight');
  if (e.list.length <= 1) {
    // No fight: the holder had left it empty and one attacker came.
    return `⚔ ${where}: ${holder} had left it empty; ${who(e.winner.player)} takes it with ${e.winner.units} (no fight)`;
  }
  if (e.attackers.length === 1 && e.defender.units > 0) {
    const a = e.attackers[0]!;
    return `⚔ ${where}: ${who(a.player)} attacks with ${a.units} against ${holder}'s ${e.defender.units}; ${fights}; ${ending}`;
  }
  const listed = e.list.map((f) => `${who(f.player)} ${f.units}${f.player === e.defender.player ? ' (holder)' : ''}`);
  const empty = e.defender.units === 0 ? ` (${holder} had left it empty)` : '';
  const out = e.out.map((o) => `${who(o.player)} out after ${plural(o.afterRolls, 'fight')}`);
  return `⚔ ${where}${empty}: round the list ${listed.join(' → ')}; ${out.join(', ')}; ${ending}`;
}

export function eventLines(state: RiscState, events: readonly RiscEvent[]): string[] {
  return events.map((e) => {
    switch (e.kind) {
      case 'move':
        return `${playerName(state, e.player)} moves ${e.units} from ${nameOf(state, e.from)} to ${nameOf(state, e.to)}`;
      case 'battle':
        return battleLine(state, e);
      case 'lost':
        return `${playerName(state, e.player)} has no territories left and is out`;
      case 'won':
        return `${playerName(state, e.player)} holds every territory and wins!`;
      case 'limit':
        return e.winner === null
          ? `Turn limit reached after turn ${e.turn}: equal territories and units, the game is a draw`
          : `Turn limit reached after turn ${e.turn}: ${playerName(state, e.winner)} holds the most territories and wins!`;
    }
  });
}

const cache = new WeakMap<object, string[]>();

/**
 * A code of three letters (or the whole name, if shorter) per territory, unique on the board: the
 * name's first letters, else its first letter and two later ones.
 */
export function territoryCodes(state: RiscState): string[] {
  const known = cache.get(state.board);
  if (known) return known;
  const taken = new Set<string>();
  const codes = state.board.territories.map((t) => {
    const letters = t.name.replace(/[^A-Za-z]/g, '');
    const head = letters.charAt(0).toUpperCase();
    const rest = letters.slice(1).toLowerCase();
    if (letters.length <= 3 && !taken.has(head + rest)) {
      taken.add(head + rest);
      return head + rest;
    }
    const tries = [rest.slice(0, 2), ...[...rest].flatMap((a, i) => [...rest.slice(i + 1)].map((b) => a + b))];
    const code = tries.map((x) => head + x).find((c) => c.length === 3 && !taken.has(c)) ?? `${head}${t.id}`;
    taken.add(code);
    return code;
  });
  cache.set(state.board, codes);
  return codes;
}

/**
 * A turn's story for a person: its heading, every battle, who is out or won, then each player's
 * moves on one line (turn 0: the placement).
 */
export function turnLines(state: RiscState, turn: number, events: readonly RiscEvent[]): string[] {
  if (turn === 0) return ['Everyone has placed their units.'];
  if (events.length === 0) return [`Turn ${turn}:`, 'no one moved or attacked'];
  const moves = new Map<number, string[]>();
  for (const e of events)
    if (e.kind === 'move')
      moves.set(e.player, [
        ...(moves.get(e.player) ?? []),
        `${e.units} ${nameOf(state, e.from)}→${nameOf(state, e.to)}`,
      ]);
  const rest = eventLines(
    state,
    events.filter((e) => e.kind !== 'move'),
  );
  const moved = [...moves].map(([player, list]) => `${playerName(state, player)} moves ${list.join(', ')}`);
  return [`Turn ${turn}:`, ...rest, ...moved];
}

/** How a game ended, for the player at seat `me`. */
export function endText(end: RiscEnd, me: number): string[] {
  const s = end.state;
  const lines: string[] = [];
  const conquered = (w: number) => s?.owner.every((o) => o === w);
  if (end.how === 'broken' || s === null) lines.push(`The game stopped: ${end.reason ?? 'no reason given'}`);
  else if (s.winner === me)
    lines.push(
      `You win! ${conquered(me) ? 'You hold every territory.' : 'You hold the most territories at the turn limit.'}`,
    );
  else if (s.winner !== null)
    lines.push(
      `${playerName(s, s.winner)} wins${conquered(s.winner) ? ', holding every territory' : ' with the most territories at the turn limit'}.`,
    );
  else if (s.phase === 'over') lines.push('The game ended in a draw at the turn limit.');
  else lines.push('The game ended without a winner.');
  for (const v of end.violations) lines.push(`cheating found: ${v}`);
  lines.push(...end.notes);
  return lines;
}

/** A territory by name: any case, the whole name, its code, an unambiguous start, or its number. */
export function findTerritory(
  state: RiscState,
  text: string,
): { ok: true; value: number } | { ok: false; reason: string } {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return { ok: false, reason: 'type a territory name' };
  if (/^\d+$/.test(wanted) && Number(wanted) < state.board.territories.length)
    return { ok: true, value: Number(wanted) };
  const names = state.board.territories.map((t) => t.name.toLowerCase());
  const exact = names.indexOf(wanted);
  if (exact >= 0) return { ok: true, value: exact };
  const code = territoryCodes(state).findIndex((c) => c.toLowerCase() === wanted);
  if (code >= 0) return { ok: true, value: code };
  const starts = names.flatMap((n, i) => (n.startsWith(wanted) ? [i] : []));
  if (starts.length === 1) return { ok: true, value: starts[0]! };
  if (starts.length > 1)
    return { ok: false, reason: `"${text.trim()}" could be ${starts.map((i) => nameOf(state, i)).join(' or ')}` };
  const named = didYouMean(
    wanted,
    state.board.territories.map((t) => t.name),
  );
  return { ok: false, reason: `no territory called "${text.trim()}"${named}` };
}
