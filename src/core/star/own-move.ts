// This peer's own moves on the cs3099 profile, chosen so that every other peer can follow them: a
// class peer's game loop dies, or it leaves, on a move its model refuses. Two things may be unknown
// while a game goes on: whether the others follow the class card-draw quirk (star.ts keeps the
// quirk's view of the game beside the rules'), and which reading of the territory-card bonus they
// play (card-bonus.ts). Pure functions over the game as each view has it.
import { type Action, apply, CHECK_DICE, decisionBy, type GameState, setsInHand } from '../../model/index.js';
import type { CardBonusReading } from '../../protocol/profiles.js';
import { describeReading, occupiedShown, readingsAgree } from './card-bonus.js';

export interface DrawViews {
  /** The game as this peer has it. */
  readonly state: GameState;
  /** The class draw quirk's view, while it is unknown whether the others follow the quirk. */
  readonly quirk: GameState | null;
}

export interface OwnTrade {
  readonly action: Action;
  /** The card-bonus reading this trade commits the game to, when the two readings judge it differently and none was known. */
  readonly reading: CardBonusReading | null;
  /** What was decided, in words. */
  readonly notes: string[];
}

/**
 * The game this peer's seat decides its next move on: the state, or the quirk's view when that puts
 * this peer at another point of its turn (a beaten player's cards force a trade in one view and not
 * in the other) and a peer acknowledges its own messages (`selfAckers`: the 2015 implementation,
 * which has the quirk and whose loop dies on a move its model refuses). A move decided on the
 * quirk's view is legal only under the quirk, so the replica adopts that view when it comes.
 */
export function decisionView(views: DrawViews, me: number, selfAckers: boolean): GameState {
  const { state, quirk } = views;
  if (!selfAckers || quirk === null || quirk.phase === state.phase) return state;
  return decisionBy(quirk) === me ? quirk : state;
}

/**
 * This peer's trade, `action` being the seat's choice. Kept to, in this order: a trade both draw
 * views take (cards held in both), and while the reading is open (no other player's deploy has shown
 * it) one both card-bonus readings judge alike; no trade where that is all that fits. When no trade
 * fits both draw views: the quirk's view if a peer acks itself (a trade it takes, or none where it
 * sees none due), else the rules'. When every trade left tells the readings apart: the one showing
 * the fewest occupied territories, by the 2015 implementation's reading if a peer acks itself, else
 * by the rulebook's.
 */
export function ownTrade(
  views: DrawViews,
  me: number,
  action: Action,
  peers: { readonly selfAckers: boolean; readonly readingOpen: boolean },
): OwnTrade {
  if (action.command !== 'play_cards') return { action, reading: null, notes: [] };
  const { state, quirk } = views;
  const { selfAckers, readingOpen } = peers;
  const all = quirk === null ? [state] : [state, quirk];
  const held = state.players[me]!.cards.filter((card) => all.every((v) => v.players[me]!.cards.includes(card)));
  const trade = (sets: number[][] | null): Action => ({
    command: 'play_cards',
    player: me,
    payload: sets === null ? null : { cards: sets as [number, number, number][] },
  });
  const candidates = [action, trade(null), ...tradesOf(state.board, held).map(trade)];
  const inEveryView = (c: Action) => all.every((v) => apply(v, c, CHECK_DICE).ok);
  const agreed = candidates.find((c) => inEveryView(c) && (!readingOpen || readingsAgree(state, c)));
  if (agreed !== undefined) return { action: agreed, reading: null, notes: [] };

  const notes: string[] = [];
  // Fewest occupied territories shown first: the two readings' +2s part from the second.
  let chosen = candidates
    .filter(inEveryView)
    .sort((a, b) => Math.min(occupiedShown(state, a), 2) - Math.min(occupiedShown(state, b), 2))[0];
  if (chosen === undefined) {
    const quirkTrade =
      selfAckers && quirk !== null
        ? [action, ...tradesOf(quirk.board, quirk.players[me]!.cards).map(trade), trade(null)].find(
            (c) => apply(quirk, c, CHECK_DICE).ok,
          )
        : undefined;
    notes.push(
      selfAckers
        ? `no card trade is legal in both draw models; trading as the class card-draw quirk has it${quirkTrade ? '' : ' is impossible too, so by the rules'}`
        : 'no card trade is legal in both draw models; trading by the rules',
    );
    chosen = quirkTrade ?? action;
  }
  const judged = apply(state, chosen, CHECK_DICE).ok ? state : (quirk ?? state);
  if (!readingOpen || readingsAgree(judged, chosen)) return { action: chosen, reading: null, notes };
  const reading: CardBonusReading = selfAckers ? 'pool' : 'rulebook';
  notes.push(`no card trade reads the same under both card-bonus readings; trading by ${describeReading(reading)}`);
  return { action: chosen, reading, notes };
}

/**
 * A deploy with at least 2 armies on `there`, the territory this peer's trade earned its +2 for
 * (null: none), taken from its other entries: the rulebook has them placed there, the other
 * reading anywhere. Unchanged when that cannot be done legally.
 */
export function bonusPlaced(state: GameState, deploy: Action, there: number | null): Action {
  if (deploy.command !== 'deploy' || there === null) return deploy;
  const already = deploy.payload.reduce((n, [t, armies]) => n + (t === there ? armies : 0), 0);
  if (already >= 2) return deploy;
  let need = 2 - already;
  const entries = deploy.payload.map(([t, armies]): [number, number] => [t, armies]);
  for (const entry of [...entries].sort((a, b) => b[1] - a[1])) {
    if (entry[0] === there || need === 0) continue;
    const taken = Math.min(need, entry[1]);
    entry[1] -= taken;
    need -= taken;
  }
  const moved = 2 - already - need;
  const placed: Action = { ...deploy, payload: [...entries.filter(([, armies]) => armies > 0), [there, moved]] };
  return moved > 0 && apply(state, placed, CHECK_DICE).ok ? placed : deploy;
}

/**
 * The trades a hand allows: each set, then each two disjoint sets, and each three from a hand of 11
 * or more (a hand swelled by a beaten player's cards trades down to 4 or fewer at once).
 */
export function tradesOf(board: GameState['board'], hand: readonly number[]): number[][][] {
  const sets = setsInHand(board, hand);
  const apart = (a: readonly number[], b: readonly number[]) => !a.some((c) => b.includes(c));
  const trades: number[][][] = sets.map((s) => [s]);
  for (let i = 0; i < sets.length; i++)
    for (let j = i + 1; j < sets.length; j++) {
      if (!apart(sets[i]!, sets[j]!)) continue;
      trades.push([sets[i]!, sets[j]!]);
      if (hand.length < 11) continue;
      for (let k = j + 1; k < sets.length; k++)
        if (apart(sets[i]!, sets[k]!) && apart(sets[j]!, sets[k]!)) trades.push([sets[i]!, sets[j]!, sets[k]!]);
    }
  return trades;
}
