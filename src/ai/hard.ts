// The hard bot. Each turn it weighs attack plans — take a continent, wipe out a weak player for
// their cards, break a rival's continent, win the turn's card, push on — with exact chain odds,
// against what its armies are worth guarding its borders; deploys for the best mix; follows the
// plan battle by battle while the odds still pay, and re-plans when a plan is done or goes sour.
// It holds cards while their value climbs unless trading now wins more than waiting would.
import {
  handLimitFor,
  maxAttackDice,
  maxDefendDice,
  setValue,
  territoriesOf,
  type Action,
  type Dice,
  type GameState,
} from '../model/index.js';
import type { Bot } from './bot.js';
import { canTrade, chooseSets, tradeAction } from './card-play.js';
import { chainOdds } from './chain-odds.js';
import { readDefence, exposure, type Defence } from './defence.js';
import { readPosition, strength, type Position } from './evaluate.js';
import { planFor, scoreLegs, type Goal, type Leg, type Plan, type Prices } from './plan.js';
import { bestBy, claimScore, frontFortify, setupPlacement } from './tactics.js';

/** The prices and weights the hard bot plays by (armies). */
export const HARD: HardWeights = {
  /** Turns a taken continent is expected to pay its bonus. */
  holdTurns: 2.5,
  /** Extra for taking a continent a rival holds whole (they lose the bonus). */
  deny: 1,
  /** Breaking a rival's continent with one capture, per bonus army. */
  breakValue: 1.5,
  /** Wiping out a rival, beyond their cards. */
  eliminate: 8,
  /** Wiping out the last rival: the game. */
  win: 500,
  /** Eliminations are planned against players with at most this many territories. */
  eliminateUpTo: 12,
  /** Each territory taken. */
  territory: 0.4,
  /** Each enemy army destroyed (times 0.5–1.5 by the owner's strength). */
  kill: 0.25,
  /** A card, at least; else this share of the next set. */
  cardMin: 2,
  cardShare: 0.4,
  /** Smallest plan score worth starting an attack for. */
  startAt: 0.3,
  /** Waiting is worth this share of the set value rise expected before a forced trade. */
  holdWeight: 1,
};

export interface HardWeights {
  readonly holdTurns: number;
  readonly deny: number;
  readonly breakValue: number;
  readonly eliminate: number;
  readonly win: number;
  readonly eliminateUpTo: number;
  readonly territory: number;
  readonly kill: number;
  readonly cardMin: number;
  readonly cardShare: number;
  readonly startAt: number;
  readonly holdWeight: number;
}

interface Reading {
  readonly state: GameState;
  readonly me: number;
  readonly position: Position;
  readonly prices: Prices;
  readonly defence: Defence;
  readonly cardPrice: number;
  readonly w: HardWeights;
}

function read(state: GameState, me: number, w: HardWeights): Reading {
  const position = readPosition(state);
  const cardPrice = Math.max(w.cardMin, w.cardShare * setValue(state.setsTraded));
  const strengths = state.players.map((_, p) => strength(position, p));
  const top = Math.max(1, ...strengths.filter((_, p) => p !== me));
  const prices: Prices = {
    card: state.capturedThisTurn ? 0 : cardPrice,
    territory: w.territory,
    kill: strengths.map((s) => w.kill * (0.5 + s / top)),
  };
  return { state, me, position, prices, defence: readDefence(position, me, cardPrice), cardPrice, w };
}

/** A plan being followed: which leg, and how far along it. */
interface Following {
  readonly turn: number;
  readonly goal: Goal;
  readonly legs: readonly Leg[];
  leg: number;
}

export function hardBot(rng: Dice, w: HardWeights = HARD): Bot {
  let following: Following | null = null;
  const follow = (state: GameState, plan: Plan) => {
    following = { turn: state.turn, goal: plan.goal, legs: plan.legs, leg: 0 };
  };
  return {
    kind: 'hard',
    decide(state: GameState, player: number): Action {
      switch (state.phase) {
        case 'setup': {
          const position = readPosition(state);
          const choice = state.owner.includes(-1)
            ? bestBy(territoriesOf(state, -1), (t) => claimScore(position, player, t), rng)!
            : setupPlacement(position, player, rng);
          return { command: 'setup', player, payload: choice };
        }
        case 'cards':
          return tradeAction(player, cardChoice(read(state, player, w)));
        case 'deploy': {
          const r = read(state, player, w);
          const choice = bestDeployment(r, state.toDeploy);
          if (choice.plan !== null) follow(state, choice.plan);
          else following = null;
          return { command: 'deploy', player, payload: choice.placements };
        }
        case 'attack': {
          const r = read(state, player, w);
          const f: Following | null = following;
          const next = f !== null && f.turn === state.turn ? nextStep(r, f) : null;
          if (next !== null) return next;
          const plan = bestPlan(r, 0);
          if (plan !== null && plan.score > w.startAt) {
            follow(state, plan);
            const step = nextStep(r, following!);
            if (step !== null) return step;
          }
          following = null;
          return fortify(r, rng);
        }
        case 'defend':
          return { command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) };
        case 'capture':
          return { command: 'attack_capture', player, payload: moveIn(read(state, player, w), following) };
        default:
          throw new Error(`hard bot asked to decide in phase ${state.phase}`);
      }
    },
  };
}

function goals(r: Reading): Goal[] {
  const { state, me, position } = r;
  const out: Goal[] = [];
  for (const c of state.board.continents) {
    const holder = position.continentHolder[c.id]!;
    if (holder === me) continue;
    const targets = c.territories.filter((t) => state.owner[t] !== me);
    out.push({ kind: 'continent', continent: c.id, targets, value: c.value * (r.w.holdTurns + (holder >= 0 ? r.w.deny : 0)) });
    if (holder >= 0) out.push({ kind: 'break', continent: c.id, targets, value: c.value * r.w.breakValue });
  }
  const rivals = position.players.filter((p, id) => id !== me && p.active && p.territories > 0).length;
  position.players.forEach((p, id) => {
    if (id === me || p.territories === 0 || p.territories > r.w.eliminateUpTo) return;
    const mine = position.players[me]!.cards;
    let value = p.cards * r.cardPrice + (p.active ? r.w.eliminate : 0);
    if (p.active && rivals === 1) value = r.w.win;
    // Six cards or more after taking theirs: traded at once, and the armies keep the attack going.
    for (let held = mine + p.cards, k = 0; held >= 6; held -= 3, k++) value += setValue(state.setsTraded + k);
    out.push({ kind: 'eliminate', player: id, targets: territoriesOf(state, id), value });
  });
  const border = new Set<number>();
  for (let t = 0; t < state.owner.length; t++) {
    if (state.owner[t] !== me || state.armies[t]! < 1) continue;
    for (const n of state.board.adjacency[t]!) if (state.owner[n] !== me) border.add(n);
  }
  if (border.size > 0) out.push({ kind: 'capture', targets: [...border], value: 0 });
  return out;
}

function bestPlan(r: Reading, deploy: number): Plan | null {
  let best: Plan | null = null;
  for (const goal of goals(r)) {
    const plan = planFor(r.position, r.me, goal, deploy, r.prices);
    if (plan !== null && (best === null || plan.score > best.score)) best = plan;
  }
  return best;
}

/**
 * Defence bought army by army where it lowers the expected loss most: the placements in order,
 * with the running gain.
 */
function defenceOrder(r: Reading, armies: number): { territory: number; gain: number }[] {
  const { state, defence } = r;
  const pressed = territoriesOf(state, r.me).filter((t) => defence.threat[t]! >= 2);
  const extra = new Map<number, number>();
  const order: { territory: number; gain: number }[] = [];
  const chunk = Math.max(1, Math.ceil(armies / 12));
  let total = 0;
  for (let placed = 0; placed < armies; placed += chunk) {
    const k = Math.min(chunk, armies - placed);
    let best = -1;
    let bestGain = 0;
    for (const t of pressed) {
      const now = state.armies[t]! + (extra.get(t) ?? 0);
      const gain = exposure(defence, t, now) - exposure(defence, t, now + k);
      if (gain > bestGain) {
        bestGain = gain;
        best = t;
      }
    }
    if (best < 0) break;
    extra.set(best, (extra.get(best) ?? 0) + k);
    total += bestGain;
    for (let i = 0; i < k; i++) order.push({ territory: best, gain: total });
  }
  return order;
}

interface Deployment {
  readonly placements: [number, number][];
  readonly plan: Plan | null;
  readonly value: number;
}

/** Splits the armies between the best attack plan and the borders, trying a few shares. */
function bestDeployment(r: Reading, armies: number): Deployment {
  const guard = defenceOrder(r, armies);
  let best: Deployment | null = null;
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    const guarded = Math.min(guard.length, Math.round(armies * share));
    const attacking = armies - guarded;
    const plan = bestPlan(r, attacking);
    const planValue = plan !== null && plan.score > r.w.startAt ? plan.score : 0;
    const value = planValue + (guarded > 0 ? guard[guarded - 1]!.gain : 0);
    if (best !== null && value <= best.value) continue;
    const placed = new Map<number, number>();
    for (const g of guard.slice(0, guarded)) placed.set(g.territory, (placed.get(g.territory) ?? 0) + 1);
    const rest = armies - guarded;
    if (rest > 0) {
      const on = plan?.deployOn ?? fallbackStack(r);
      placed.set(on, (placed.get(on) ?? 0) + rest);
    }
    best = { placements: [...placed.entries()], plan: planValue > 0 ? plan : null, value };
  }
  return best!;
}

/** Our biggest stack with an enemy beside it (or any territory of ours). */
function fallbackStack(r: Reading): number {
  const mine = territoriesOf(r.state, r.me);
  const border = mine.filter((t) => r.position.foreignNeighbours[t]! > 0);
  const pool = border.length > 0 ? border : mine;
  return pool.reduce((a, b) => (r.state.armies[b]! > r.state.armies[a]! ? b : a));
}

/** The next attack of the plan being followed, or null when it is done or no longer pays. */
function nextStep(r: Reading, f: Following): Action | null {
  const { state, me } = r;
  for (; f.leg < f.legs.length; f.leg++) {
    const leg = f.legs[f.leg]!;
    let step = 0;
    while (step < leg.chain.length && state.owner[leg.chain[step]!] === me) step++;
    if (step === leg.chain.length) continue;
    const head = step === 0 ? leg.source : leg.chain[step - 1]!;
    if (state.owner[head] !== me || state.armies[head]! < 2) return null;
    const rest = leg.chain.slice(step);
    const now: Leg = { source: head, chain: rest, armies: state.armies[head]!, odds: chainOdds(state.armies[head]!, rest.map((t) => state.armies[t]!)) };
    const { score } = scoreLegs(r.position, f.goal, [now, ...f.legs.slice(f.leg + 1)], r.prices);
    if (score <= 0) return null;
    return { command: 'attack', player: me, payload: [head, rest[0]!, maxAttackDice(state, head)] };
  }
  return null;
}

/** Armies to move into a captured territory: what the plan still needs ahead, weighed against the guard left behind. */
function moveIn(r: Reading, f: Following | null): [number, number, number] {
  const { state, me, defence } = r;
  const { from, to, minimum } = state.pendingCapture!;
  const most = state.armies[from]! - 1;
  const ahead = f === null ? null : remainingFrom(r, f, to);
  let best = most;
  let bestValue = -Infinity;
  const steps = Math.min(8, most - minimum);
  for (let i = 0; i <= steps; i++) {
    const m = steps === 0 ? most : Math.round(minimum + ((most - minimum) * i) / steps);
    let value = -exposure(defence, from, state.armies[from]! - m);
    if (ahead !== null) {
      const leg: Leg = { source: to, chain: ahead.chain, armies: m, odds: chainOdds(m, ahead.chain.map((t) => state.armies[t]!)) };
      value += scoreLegs(r.position, f!.goal, [leg, ...ahead.later], r.prices).score;
    } else {
      value -= exposureAfterCapture(r, to, m);
    }
    if (value > bestValue + 1e-9) {
      bestValue = value;
      best = m;
    }
  }
  const surrounded = state.board.adjacency[to]!.every((n) => state.owner[n] === me);
  return [from, to, surrounded && ahead === null ? minimum : best];
}

/** Exposure of the newly captured territory (the defence reading was taken before it was ours to guard). */
function exposureAfterCapture(r: Reading, to: number, armies: number): number {
  const { state, me, position } = r;
  let threat = 0;
  for (const n of state.board.adjacency[to]!) {
    const o = state.owner[n]!;
    if (o === me || o < 0 || !position.players[o]!.active) continue;
    threat = Math.max(threat, state.armies[n]! + 0.6 * position.players[o]!.income);
  }
  const stake = r.defence.stake[to]! || 1;
  return exposure({ threat: [threat], stake: [stake] }, 0, armies);
}

/** The rest of the current leg beyond `to`, and the legs after it, if the plan continues from `to`. */
function remainingFrom(r: Reading, f: Following, to: number): { chain: number[]; later: readonly Leg[] } | null {
  const leg = f.legs[f.leg];
  if (leg === undefined) return null;
  const i = leg.chain.indexOf(to);
  if (i < 0 || i === leg.chain.length - 1) return null;
  const chain = leg.chain.slice(i + 1).filter((t) => r.state.owner[t] !== r.me);
  return chain.length > 0 && r.state.board.adjacency[to]!.includes(chain[0]!) ? { chain, later: f.legs.slice(f.leg + 1) } : null;
}

/** The fortify move that lowers the expected loss most; else idle armies step to the front. */
function fortify(r: Reading, rng: Dice): Action {
  const { state, me, defence } = r;
  let best: [number, number, number] | null = null;
  let bestGain = 0.05;
  for (const f of territoriesOf(state, me)) {
    const a = state.armies[f]!;
    if (a < 2) continue;
    const before = exposure(defence, f, a);
    for (const t of state.options.fortify === 'adjacent' ? state.board.adjacency[f]! : territoriesOf(state, me)) {
      if (t === f || state.owner[t] !== me || defence.threat[t]! < 2) continue;
      if (state.options.fortify === 'connected' && !reachable(state, f, t)) continue;
      const b = state.armies[t]!;
      for (const k of new Set([a - 1, Math.ceil((a - 1) / 2)])) {
        const gain = before + exposure(defence, t, b) - exposure(defence, f, a - k) - exposure(defence, t, b + k);
        if (gain > bestGain) {
          bestGain = gain;
          best = [f, t, k];
        }
      }
    }
  }
  if (best !== null) return { command: 'fortify', player: me, payload: best };
  return frontFortify(r.position, me, rng);
}

function reachable(state: GameState, from: number, to: number): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const t = queue.pop()!;
    if (t === to) return true;
    for (const n of state.board.adjacency[t]!) {
      if (!seen.has(n) && state.owner[n] === state.owner[from]) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return false;
}

/** Trades forced ones; an optional set only when its armies now win more than waiting for dearer sets. */
function cardChoice(r: Reading): number[][] {
  const { state, me, defence } = r;
  const prefer = (t: number) => (defence.threat[t]! >= 2 ? defence.stake[t]! : 0);
  if (state.eliminationTrade) return chooseSets(state, me, 'all', prefer);
  if (handLimitFor(state, me) !== null) return chooseSets(state, me, 'forced', prefer);
  if (!canTrade(state, me)) return [];
  const sets = chooseSets(state, me, 'one', prefer);
  const armies = setValue(state.setsTraded);
  const gainNow = bestDeployment(r, state.toDeploy + armies).value - bestDeployment(r, state.toDeploy).value;
  const rivals = r.position.players.filter((p, id) => id !== me && p.active).length;
  const rounds = state.players[me]!.cards.length >= 4 ? 1 : 2;
  const expectedSets = Math.round((rivals * rounds) / 3);
  const waiting = setValue(state.setsTraded + expectedSets) - armies;
  return gainNow > r.w.holdWeight * waiting ? sets : [];
}
