// The hard bot: a one-turn search scored by a tuned evaluation. It proposes plans for the turn —
// take a continent, wipe out a weak player for their cards, reach the variant's objective, take
// one territory (the turn's card, a rival's continent broken), or roll one stack on through the
// weakest territories in its way, stopping at each place it could stop — rates each with exact
// chain odds, and judges it by the board it would leave (succeeded, or stopped part-way): our
// chance to win when the next player starts, by the evaluation (outlook.ts; with three players,
// less the rivals' next rolls into us and the gap between the rivals' chances). It deploys behind
// the best plan (or on the border stack that helps most, or splits between the two), follows it
// battle by battle while carrying on beats stopping (with three players, a stack under 4 armies
// attacks only for the turn's card), moves in and fortifies the same way, and
// trades an optional card set only when the turn it allows scores better than holding the cards.
import {
  type Action,
  type Dice,
  type GameState,
  handLimitFor,
  isActive,
  maxAttackDice,
  maxDefendDice,
  setValue,
  territoriesOf,
} from '../model/index.js';
import type { Bot } from './bot.js';
import { canTrade, chooseSets, tradeAction } from './card-play.js';
import { chainOdds } from './chain-odds.js';
import { type Position, readPosition } from './evaluate.js';
import { objectiveMeasure, objectiveTargets, variantDecision } from './objective.js';
import {
  chanceOf,
  type Evaluations,
  type EvaluationTable,
  type Imagined,
  imagine,
  legsOutlook,
  nextToMove,
  type Scoring,
  tableFor,
} from './outlook.js';
import { type Goal, type Leg, type Plan, plansFor, rollPlans } from './plan.js';
import { bestBy, CLAIM, claimScore, evenPlacement, frontFortify, gatherScore, setupPlacement } from './tactics.js';
import { EVALUATIONS } from './weights.js';

export interface HardWeights {
  /** Weights of the evaluation (features.ts), by table. */
  readonly evaluation: Evaluations;
  /** Wiping out a player is planned only when they hold at most this many territories. */
  readonly eliminateUpTo: number;
  /** The claim score's rival weight (tactics.ts), indexed by the number of players. */
  readonly claimRival: readonly number[];
  /** Two players, no neutral: how much a continent's worth draws claims, moving first and second. */
  readonly duelClaimWorth: readonly [number, number];
  /** The weight of the rivals' next rolls into us (outlook.ts), by the number of players; none with a neutral army. */
  readonly rivalRolls: readonly number[];
  /**
   * By table: once the turn has its card, and for every stack of a plan but the first, a stack
   * attacks only with at least this many armies (none given: any stack of 2 or more).
   */
  readonly leastStack: Partial<Record<EvaluationTable, number>>;
  /** By table: the weight of the gap between the two rivals' chances to win (outlook.ts); none given: 0. */
  readonly leaderGap: Partial<Record<EvaluationTable, number>>;
}

export const HARD: HardWeights = {
  evaluation: EVALUATIONS,
  eliminateUpTo: 12,
  // Measured in tournaments against the normal bot (which claims with CLAIM.rival 0.6): contesting
  // rivals' continents pays with four players, shying from them with six; three and five are flat.
  claimRival: [0.6, 0.6, 0.6, 0.6, 0.4, 0.6, 0.8],
  // Measured in 400-game duels against the normal bot: moving first, claims drawn hard to the
  // continents worth most (holding one wins the race); moving second, less so.
  duelClaimWorth: [3, 1],
  // Measured with three players (hard, normal, easy; 300 games a seed): 73.1% → 76.6% of 2,400
  // games on seeds 1001–1008 at 0.5 (0.25 and 0.75 alike, 1 and more worse); with the neutral
  // army flat (hard–normal 70.5% → 69.5%, seeds 1001–1002), so off there. 0.41 since the search
  // step of the three-player weights (weights.ts), which moved it with them.
  rivalRolls: [0, 0, 0, 0.4087, 0, 0, 0],
  // Measured with three players (hard, normal, easy; 300 games a seed): 78.7% → 80.1% of 3,000
  // games on seeds 1011–1020, Capital and Secret Mission +1.7 and +1.2 points (seeds 1011–1012);
  // 3, 5 and 6 no better (seeds 1011–1013). With two players it lost 9 to 14 points (1,200 games
  // each, neutral army and duel): there, grinding the lone rival down with every stack pays.
  leastStack: { three: 4 },
  // Measured with three players (hard, normal, easy; 300 games a seed): 80.3% → 82.9% of 4,800
  // games on seeds 2001–2016 at 0.15 (0.1: 82.0%, 0.3: 81.8%, 0.6: 79.5% on 2001–2008, against
  // 80.5%). It cuts the games in which one rival puts the other out first and takes its cards.
  // 0.135 since the search step of the three-player weights (weights.ts).
  leaderGap: { three: 0.135 },
};

interface View {
  readonly state: GameState;
  readonly me: number;
  readonly position: Position;
  readonly scoring: Scoring;
  readonly objective: Imagined['objective'];
  readonly w: HardWeights;
  /** The smallest stack that may attack after the turn's card, or from a plan's later legs. */
  readonly leastStack: number;
}

function view(state: GameState, me: number, w: HardWeights): View {
  const table: EvaluationTable = tableFor(state);
  return {
    state,
    me,
    leastStack: w.leastStack[table] ?? 2,
    position: readPosition(state),
    scoring: {
      weights: w.evaluation[table],
      rivalRolls: state.neutralArmy < 0 ? (w.rivalRolls[state.players.length] ?? 0) : 0,
      leaderGap: w.leaderGap[table] ?? 0,
    },
    objective: objectiveMeasure(state, me),
    w,
  };
}

/** A plan being followed this turn: which leg it is on. */
interface Following {
  readonly turn: number;
  readonly legs: readonly Leg[];
  leg: number;
}

export function hardBot(rng: Dice, w: HardWeights = HARD): Bot {
  let following: Following | null = null;
  const follow = (state: GameState, plan: Plan | null) => {
    following = plan === null ? null : { turn: state.turn, legs: plan.legs, leg: 0 };
  };
  return {
    kind: 'hard',
    decide(state: GameState, player: number): Action {
      const special = variantDecision(state, player, rng);
      if (special !== null) return special;
      switch (state.phase) {
        case 'setup':
          return { command: 'setup', player, payload: setupChoice(state, player, w, rng) };
        case 'cards':
          return tradeAction(player, tradeChoice(view(state, player, w)));
        case 'deploy': {
          const judged = judgeDeployment(view(state, player, w), state.toDeploy);
          follow(state, judged.plan);
          return { command: 'deploy', player, payload: judged.placements };
        }
        case 'attack': {
          const v = view(state, player, w);
          const f: Following | null = following;
          if (f !== null && f.turn === state.turn) {
            const next = nextStep(v, f, false);
            if (next !== null) return next;
          }
          follow(state, judgeDeployment(v, 0).plan);
          const step = following === null ? null : nextStep(v, following, true);
          if (step !== null) return step;
          following = null;
          return fortify(v, rng);
        }
        case 'defend':
          return { command: 'defend', player, payload: maxDefendDice(state, state.pendingAttack!.to) };
        case 'capture':
          return { command: 'attack_capture', player, payload: moveIn(view(state, player, w), following) };
        default:
          throw new Error(`hard bot asked to decide in phase ${state.phase}`);
      }
    },
  };
}

function setupChoice(state: GameState, player: number, w: HardWeights, rng: Dice): number {
  const position = readPosition(state);
  if (!state.owner.includes(-1)) {
    // A duel's placements gather in the continents we hold most of; otherwise the wall grows evenly.
    return state.players.length === 2 && state.neutralArmy < 0
      ? setupPlacement(position, player, rng)
      : evenPlacement(position, player, rng);
  }
  const unclaimed = territoriesOf(state, -1);
  if (state.players.filter(isActive).length === 2) {
    const worth = w.duelClaimWorth[state.firstPlayer === player ? 0 : 1];
    return bestBy(unclaimed, (t) => gatherScore(position, player, t, worth), rng)!;
  }
  const rival = w.claimRival[state.players.length] ?? CLAIM.rival;
  return bestBy(unclaimed, (t) => claimScore(position, player, t, { ...CLAIM, rival }), rng)!;
}

function goals(v: View): Goal[] {
  const { state, me, position } = v;
  const out: Goal[] = [];
  for (const c of state.board.continents) {
    if (position.continentHolder[c.id] !== me)
      out.push({ kind: 'continent', continent: c.id, targets: c.territories.filter((t) => state.owner[t] !== me) });
  }
  position.players.forEach((p, id) => {
    if (id !== me && p.territories > 0 && p.territories <= v.w.eliminateUpTo)
      out.push({ kind: 'eliminate', player: id, targets: territoriesOf(state, id) });
  });
  // The variant's objective: each enemy capital on its own; a mission's territories together.
  const objective = objectiveTargets(state, me);
  if (state.options.variant === 'capital') for (const t of objective) out.push({ kind: 'objective', targets: [t] });
  else if (objective.length > 0) out.push({ kind: 'objective', targets: objective });
  // One territory: any next to us, and one step beyond into a continent a rival holds whole.
  const targets = new Set<number>();
  for (let t = 0; t < state.owner.length; t++) {
    if (state.owner[t] === me) continue;
    const holder = position.continentHolder[position.facts.continentOf[t]!]!;
    const near = state.board.adjacency[t]!.some((n) => state.owner[n] === me);
    const beyond =
      holder >= 0 &&
      state.board.adjacency[t]!.some(
        (x) => state.owner[x] !== me && state.board.adjacency[x]!.some((n) => state.owner[n] === me),
      );
    if (near || beyond) targets.add(t);
  }
  if (targets.size > 0) out.push({ kind: 'capture', targets: [...targets] });
  return out;
}

/** Stacks a roll may start from: the biggest on the border, and those beside the weakest neighbours. */
function rollSources(v: View): number[] {
  const { state, me, position } = v;
  const border = territoriesOf(state, me).filter((t) => position.foreignNeighbours[t]! > 0);
  const weakest = (t: number) => {
    let least = Infinity;
    const around = state.board.adjacency[t]!;
    for (let i = 0; i < around.length; i++)
      if (state.owner[around[i]!] !== me) least = Math.min(least, state.armies[around[i]!]!);
    return least;
  };
  const byArmies = [...border].sort((a, b) => state.armies[b]! - state.armies[a]! || a - b).slice(0, 3);
  const byGap = [...border]
    .sort((a, b) => state.armies[b]! - weakest(b) - (state.armies[a]! - weakest(a)) || a - b)
    .slice(0, 2);
  return [...new Set([...byArmies, ...byGap])];
}

/** The board as it would stand if our turn ended now (with the card a capture has earned). */
function standing(v: View): Imagined {
  const s = imagine(v.state, nextToMove(v.state, v.me), v.objective);
  if (v.state.capturedThisTurn && v.state.deck.length + v.state.discards.length > 0) s.cards[v.me]!++;
  return s;
}

/** The imagined board with armies added (or, negative, taken away). */
function placed(s: Imagined, changes: readonly (readonly [number, number])[]): Imagined {
  const armies = [...s.armies];
  for (const [t, k] of changes) armies[t]! += k;
  return { ...s, armies };
}

interface Judged {
  readonly plan: Plan | null;
  readonly placements: [number, number][];
  readonly value: number;
}

/**
 * The best use of `armies` still to deploy (0 during the attack phase): behind one plan, on its
 * first stack, or on the border stack where they help most with no attack, or split between the
 * two — or, with none to deploy, stopping.
 */
function judgeDeployment(v: View, armies: number): Judged {
  const { state, me, scoring } = v;
  const base = standing(v);
  const earnsCard = !state.capturedThisTurn;
  let best: Judged | null = null;
  let guard: Judged | null = null;
  const consider = (judged: Judged) => {
    if (best === null || judged.value > best.value) best = judged;
  };
  // Small stacks only for the turn's card: later attacks by them thin the wall for a rival to roll through.
  const tooSmall = (plan: Plan) =>
    plan.legs.some((leg, i) => leg.armies < v.leastStack && (i > 0 || state.capturedThisTurn));
  const judgePlan = (plan: Plan, extra: [number, number][]): Judged => {
    if (tooSmall(plan)) return { plan, placements: [], value: -Infinity };
    const placements: [number, number][] =
      plan.deployOn === null ? [] : [[plan.deployOn, plan.legs[0]!.armies - state.armies[plan.deployOn]!]];
    placements.push(...extra);
    return { plan, placements, value: legsOutlook(placed(base, placements), me, plan.legs, earnsCard, scoring) };
  };
  if (armies === 0) consider({ plan: null, placements: [], value: chanceOf(base, me, scoring) });
  else {
    const border = territoriesOf(state, me).filter((t) => v.position.foreignNeighbours[t]! > 0);
    for (const t of border.length > 0 ? border : territoriesOf(state, me)) {
      const judged = {
        plan: null,
        placements: [[t, armies]] as [number, number][],
        value: chanceOf(placed(base, [[t, armies]]), me, scoring),
      };
      if (guard === null || judged.value > guard.value) guard = judged;
    }
    consider(guard!);
  }
  for (const goal of goals(v)) for (const plan of plansFor(v.position, me, goal, armies)) consider(judgePlan(plan, []));
  for (const source of rollSources(v))
    for (const plan of rollPlans(v.position, me, source, armies)) consider(judgePlan(plan, []));
  // Part of the armies behind the plan, the rest on the best guard.
  const chosen: Judged = best!;
  if (armies >= 4 && chosen.plan !== null && guard !== null && guard.placements[0]![0] !== chosen.plan.deployOn) {
    const on = guard.placements[0]![0];
    for (const share of [0.5, 0.75]) {
      const k = Math.round(armies * share);
      for (const plan of plansFor(v.position, me, chosen.plan.goal, k)) {
        if (plan.legs[0]!.chain[0] === chosen.plan.legs[0]!.chain[0]) consider(judgePlan(plan, [[on, armies - k]]));
      }
    }
  }
  return best!;
}

/** The next attack of the plan being followed, while carrying on looks better than stopping (always, for a fresh plan). */
function nextStep(v: View, f: Following, fresh: boolean): Action | null {
  const { state, me, scoring } = v;
  for (; f.leg < f.legs.length; f.leg++) {
    const leg = f.legs[f.leg]!;
    let step = 0;
    while (step < leg.chain.length && state.owner[leg.chain[step]!] === me) step++;
    if (step === leg.chain.length) continue;
    const head = step === 0 ? leg.source : leg.chain[step - 1]!;
    if (state.owner[head] !== me || state.armies[head]! < 2) return null;
    const rest = leg.chain.slice(step);
    if (!fresh) {
      const now: Leg = {
        source: head,
        chain: rest,
        armies: state.armies[head]!,
        odds: chainOdds(
          state.armies[head]!,
          rest.map((t) => state.armies[t]!),
        ),
      };
      const base = standing(v);
      const carryOn = legsOutlook(base, me, [now, ...f.legs.slice(f.leg + 1)], !state.capturedThisTurn, scoring);
      if (carryOn <= chanceOf(base, me, scoring)) return null;
    }
    return { command: 'attack', player: me, payload: [head, rest[0]!, maxAttackDice(state, head)] };
  }
  return null;
}

/** The rest of the current leg beyond `to`, and the legs after it, when the plan goes on from `to`. */
function remainingFrom(v: View, f: Following, to: number): { chain: number[]; later: readonly Leg[] } | null {
  const leg = f.legs[f.leg];
  if (leg === undefined) return null;
  const i = leg.chain.indexOf(to);
  if (i < 0 || i === leg.chain.length - 1) return null;
  const chain = leg.chain.slice(i + 1).filter((t) => v.state.owner[t] !== v.me);
  return chain.length > 0 && v.state.board.adjacency[to]!.includes(chain[0]!)
    ? { chain, later: f.legs.slice(f.leg + 1) }
    : null;
}

/** Armies to move in: tried in a few steps between the minimum and all, judged with the rest of the plan. */
function moveIn(v: View, f: Following | null): [number, number, number] {
  const { state, me, scoring } = v;
  const { from, to, minimum } = state.pendingCapture!;
  const most = state.armies[from]! - 1;
  const ahead = f === null ? null : remainingFrom(v, f, to);
  const base = standing(v);
  let best = most;
  let bestValue = -Infinity;
  const steps = Math.min(8, most - minimum);
  for (let i = 0; i <= steps; i++) {
    const m = steps === 0 ? most : Math.round(minimum + ((most - minimum) * i) / steps);
    const s = placed(base, [
      [from, -m],
      [to, m],
    ]);
    const value =
      ahead === null
        ? chanceOf(s, me, scoring)
        : legsOutlook(
            s,
            me,
            [
              {
                source: to,
                chain: ahead.chain,
                armies: m,
                odds: chainOdds(
                  m,
                  ahead.chain.map((t) => state.armies[t]!),
                ),
              },
              ...ahead.later,
            ],
            false,
            scoring,
          );
    if (value > bestValue + 1e-12) {
      bestValue = value;
      best = m;
    }
  }
  return [from, to, best];
}

/** The fortify move (all, or half, of a stack) that the evaluation likes best; else idle armies step to the front. */
function fortify(v: View, rng: Dice): Action {
  const { state, me, scoring } = v;
  const base = standing(v);
  let best: [number, number, number] | null = null;
  let bestValue = chanceOf(base, me, scoring);
  const connected = state.options.fortify === 'connected';
  for (const f of territoriesOf(state, me)) {
    const a = state.armies[f]!;
    if (a < 2) continue;
    for (const t of connected ? reachableFrom(state, f) : state.board.adjacency[f]!) {
      if (t === f || state.owner[t] !== me) continue;
      for (const k of new Set([a - 1, Math.ceil((a - 1) / 2)])) {
        const value = chanceOf(
          placed(base, [
            [f, -k],
            [t, k],
          ]),
          me,
          scoring,
        );
        if (value > bestValue + 1e-12) {
          bestValue = value;
          best = [f, t, k];
        }
      }
    }
  }
  if (best !== null) return { command: 'fortify', player: me, payload: best };
  return frontFortify(v.position, me, rng);
}

/** Our territories reachable from `from` through our own ('connected' fortify). */
function reachableFrom(state: GameState, from: number): number[] {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    for (const n of state.board.adjacency[queue.pop()!]!) {
      if (!seen.has(n) && state.owner[n] === state.owner[from]) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  seen.delete(from);
  return [...seen];
}

/** Forced trades as the rules demand (all sets after an elimination, to press on); an optional set only when it pays now. */
function tradeChoice(v: View): number[][] {
  const { state, me, position } = v;
  const prefer = (t: number) => position.biggestThreat[t]! / 10;
  if (state.eliminationTrade) return chooseSets(state, me, 'all', prefer);
  if (handLimitFor(state, me) !== null) return chooseSets(state, me, 'forced', prefer);
  if (!canTrade(state, me)) return [];
  const hold = judgeDeployment(v, state.toDeploy).value;
  const fewer = state.players.map((p) => (p.id === me ? { ...p, cards: p.cards.slice(3) } : p));
  const traded = { ...v, state: { ...state, players: fewer, setsTraded: state.setsTraded + 1 } };
  const trade = judgeDeployment(traded, state.toDeploy + setValue(state.setsTraded)).value;
  return trade > hold ? chooseSets(state, me, 'one', prefer) : [];
}
