// The hard bot's look-ahead in three-player games, where its one-turn search cannot see what the
// two rivals' turns will do to the board it leaves (a rival's stack rolling through its wall). Its
// best few deployments (its plans, and the best guards with no attack) are each played out several
// times: our turn, cheaply, along the deployment's plan, then each rival's turn by a cheap bot (the
// normal or the easy bot's logic, drawn at random), until our next turn starts; the one that
// leaves us the best chance to win then, by the evaluation, is played. Samples share their dice
// across the candidates (common random numbers), drawn from the bot's own stream.
import {
  type Action,
  apply,
  type Dice,
  decisionBy,
  type GameState,
  isActive,
  maxAttackDice,
  maxDefendDice,
} from '../model/index.js';
import { mersenneStream, uniformDice } from '../protocol/random.js';
import type { Bot } from './bot.js';
import { easyBot } from './easy.js';
import type { DeploymentChooser, HardWeights, Judged } from './hard.js';
import { normalBot } from './normal.js';
import { objectiveMeasure } from './objective.js';
import { chanceOf, imagine, tableFor } from './outlook.js';
import type { Leg } from './plan.js';

export interface LookAhead {
  /** Deployments played out: the search's best, by its own value. */
  readonly candidates: number;
  /** Deployments on one border stack with no attack played out besides, the best by the search's value. */
  readonly guards: number;
  /** Play-outs of each. */
  readonly samples: number;
  /** Which bots play the rivals' turns. */
  readonly rivals: 'normal' | 'easy' | 'mixed';
  /** A play-out stops after this many actions (it ends at our next turn long before). */
  readonly maxActions: number;
  /** No further samples once the play-outs of a decision have taken this many actions (bounds its time). */
  readonly budget: number;
}

export const LOOK_AHEAD: LookAhead = {
  candidates: 4,
  guards: 2,
  samples: 16,
  rivals: 'mixed',
  maxActions: 400,
  budget: 8000,
};

export function lookAheadChooser(rng: Dice, w: HardWeights, look: LookAhead = LOOK_AHEAD): DeploymentChooser {
  return {
    // Three-player domination games, while all three are in: elsewhere it was not measured.
    applies: (state) =>
      state.players.length === 3 && state.options.variant === 'domination' && state.players.every(isActive),
    choose(state, me, candidates, guards) {
      const tried = distinct([...distinct(candidates).slice(0, look.candidates), ...guards.slice(0, look.guards)]);
      if (tried.length < 2) return candidates[0]!;
      // Sample by sample over every candidate, so that a cut (after `budget` actions) cuts them alike.
      const totals = tried.map(() => 0);
      const spent = { actions: 0 };
      for (let sample = 0; sample < look.samples && spent.actions < look.budget; sample++) {
        const seed = rng.below(0x7fffffff);
        tried.forEach((candidate, i) => {
          totals[i]! += playOut(state, me, candidate, seed, w, look, spent);
        });
      }
      let best = tried[0]!;
      let top = -Infinity;
      tried.forEach((candidate, i) => {
        if (totals[i]! > top) {
          top = totals[i]!;
          best = candidate;
        }
      });
      return best;
    },
  };
}

/** Candidates that differ in where the armies go or which plan follows. */
function distinct(candidates: readonly Judged[]): Judged[] {
  const seen = new Set<string>();
  const out: Judged[] = [];
  for (const c of candidates) {
    const first = c.plan?.legs[0];
    const key = `${JSON.stringify(c.placements)}|${first === undefined ? '' : `${first.source}:${first.chain.join(',')}`}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** Our chance to win when our next turn starts, after one play-out of the deployment (1 or 0 when the game ends). */
function playOut(
  state: GameState,
  me: number,
  candidate: Judged,
  seed: number,
  w: HardWeights,
  look: LookAhead,
  spent: { actions: number },
): number {
  const dice = uniformDice(mersenneStream([seed, 0]));
  const botRng = uniformDice(mersenneStream([seed, 1]));
  const rivals = new Map<number, Bot>();
  const rival = (p: number): Bot => {
    let bot = rivals.get(p);
    if (bot === undefined) {
      const kind = look.rivals === 'mixed' ? (botRng.below(2) === 0 ? 'normal' : 'easy') : look.rivals;
      bot = kind === 'normal' ? normalBot(botRng) : easyBot(botRng);
      rivals.set(p, bot);
    }
    return bot;
  };
  const deployed = apply(state, { command: 'deploy', player: me, payload: candidate.placements }, dice);
  if (!deployed.ok) return candidate.value;
  let s = deployed.state;
  const legs = candidate.plan?.legs ?? [];
  for (let i = 0; i < look.maxActions; i++) {
    if (s.phase === 'over') return s.winner === me ? 1 : 0;
    if (s.turn !== state.turn && s.current === me && (s.phase === 'cards' || s.phase === 'deploy')) break;
    const actor = decisionBy(s);
    if (actor === null) return candidate.value;
    const action: Action | null =
      s.phase === 'defend'
        ? { command: 'defend', player: actor, payload: maxDefendDice(s, s.pendingAttack!.to) }
        : actor === me
          ? ownStep(s, me, legs)
          : rival(actor).decide(s, actor);
    if (action === null) break;
    const result = apply(s, action, dice);
    if (!result.ok) return candidate.value;
    s = result.state;
    spent.actions++;
    if (!isActive(s.players[me]!)) return 0;
  }
  return chanceOf(imagine(s, me, objectiveMeasure(s, me)), me, w.evaluation[tableFor(s)]);
}

/**
 * Our own turn in a play-out, cheaply: the plan's legs battle by battle while the stack at the
 * head outnumbers the territory ahead, the whole stack moving on while the chain goes on; no fortify.
 */
function ownStep(s: GameState, me: number, legs: readonly Leg[]): Action | null {
  if (s.phase === 'capture') {
    const { from, to, minimum } = s.pendingCapture!;
    const most = s.armies[from]! - 1;
    const onward = legs.some((leg) => {
      const i = leg.chain.indexOf(to);
      return i >= 0 && i < leg.chain.length - 1;
    });
    return {
      command: 'attack_capture',
      player: me,
      payload: [from, to, onward ? most : Math.max(minimum, Math.ceil(most / 2))],
    };
  }
  if (s.phase === 'attack') {
    for (const leg of legs) {
      let step = 0;
      while (step < leg.chain.length && s.owner[leg.chain[step]!] === me) step++;
      if (step === leg.chain.length) continue;
      const head = step === 0 ? leg.source : leg.chain[step - 1]!;
      const target = leg.chain[step]!;
      if (s.owner[head] !== me || s.armies[head]! < 2 || s.armies[head]! <= s.armies[target]!) continue;
      return { command: 'attack', player: me, payload: [head, target, maxAttackDice(s, head)] };
    }
    return { command: 'fortify', player: me, payload: null };
  }
  // A trade forced mid-turn by an elimination: the play-out ends there.
  return null;
}
