// The cs3099 star replica: one peer's copy of a star game, as a pure object. Every line a peer
// processes, in the order it processes them (its own included), goes in; the dice lines it must
// send, the violations it finds, neutralisations and game events come out. It opens no socket and
// sets no timer: the star session drives it live (adding acknowledgements, timers and the host's
// verdicts), and `risk verify` drives a mute copy over the peer's record, so play and audit run
// the same code and cannot disagree.
import {
  type Action,
  apply,
  CHECK_DICE,
  classicBoard,
  type Dice,
  decisionBy,
  type GameState,
  isActive,
  needsDice,
  type OptionsInput,
  pendingAfterNeutral,
  startGame,
} from '../../model/index.js';
import { secretNumber } from '../../protocol/commitment.js';
import { isGameMessage, type Message, type MessageAction, toAction } from '../../protocol/messages.js';
import { type CardBonusReading, CS3099_RULES } from '../../protocol/profiles.js';
import type { SessionEvent } from '../contract.js';
import { CS3099_ROUNDS, DiceRound } from '../dice-round.js';
import { describeReading, otherReading, readingOf, tradeUnderOtherReading, withReading } from './card-bonus.js';
import { bonusPlaced, decisionView, ownTrade } from './own-move.js';

export interface StarCoreConfig {
  /** This peer's seat (the game numbers players 0…N−1), or SPECTATOR for a replica that plays no seat. */
  readonly me: number;
  /** The host's seat, or null for a class host that does not play. */
  readonly hostSeat: number | null;
  readonly role: 'host' | 'client';
  readonly players: number;
  readonly rules?: Omit<OptionsInput, 'players'>;
  /** 'detect' follows the class card-draw quirk (§7) from the first move legal only under it; 'never' does not. */
  readonly drawQuirk: 'detect' | 'never';
  /**
   * The territory-card bonus (card-bonus.ts): 'either' reading is taken (default), each trade's
   * deploy showing which; 'rulebook' holds every peer to the rulebook's; 'pool' to the first class
   * peer's (our records from before both readings were taken).
   */
  readonly cardBonus?: 'either' | CardBonusReading;
  /** Replays a record: this peer's own dice lines come in from the record instead of being made here. */
  readonly mute?: boolean;
  /** This peer's secret dice numbers (default: 32 random bytes each); tests replay games with a seeded source. */
  readonly secretNumbers?: () => Uint8Array;
}

export type ViolationKind = 'rules' | 'commitment';

/** What the star replica asks its driver to do, in order. */
export type StarEffect =
  /** Send one of this peer's dice lines (commitment, reveal). */
  | { readonly type: 'send'; readonly message: Message }
  | { readonly type: 'event'; readonly event: SessionEvent }
  /** A line that breaks the rules: the host makes its author neutral, a client waits for that. */
  | { readonly type: 'violation'; readonly player: number; readonly reason: string; readonly kind: ViolationKind }
  /** A dice round began, entered its reveal stage, or ended (the host's round timer). */
  | { readonly type: 'round'; readonly stage: 'commit' | 'reveal' | 'over' }
  /** A move came (applied, or waiting for its dice round): the host no longer times its author for it. */
  | { readonly type: 'moved' }
  /** The one order names `player` for neutralisation (it may be out already): a client's wait for that verdict ends. */
  | { readonly type: 'verdict'; readonly player: number }
  /**
   * The class card-draw quirk drew `card` for `player` (followed, and reported by the audit). While
   * no move has told the draw models apart the draw is `tentative`: it happened only in the quirk's
   * view, and counts once a 'draw-model' effect says the others follow the quirk.
   */
  | { readonly type: 'quirk-draw'; readonly player: number; readonly card: number; readonly tentative: boolean }
  /** A move told the draw models apart: the tentative quirk draws count ('quirk') or never happened ('rules'). */
  | { readonly type: 'draw-model'; readonly model: 'rules' | 'quirk' }
  /** `player`'s deploy after a trade the two card-bonus readings judge differently follows `reading`. */
  | { readonly type: 'card-bonus'; readonly player: number; readonly reading: CardBonusReading };

export class StarCore {
  private state: GameState;
  private round: DiceRound | null = null;
  private pending: { action: MessageAction; author: number } | null = null;
  /** Dice messages that came before this peer entered their round. */
  private early: { from: number; message: DiceMessage; line: string }[] = [];
  /** Players of a round dropped before it was rolled, whose dice lines for it may still come (roll). */
  private readonly staleDice = new Map<number, { hash: boolean }>();
  /** Mute: this peer's own commitment for the round just begun is still to come from the record. */
  private awaitingOwnCommitment = false;
  /** Which draw model the others follow: unknown until a move tells them apart. */
  private drawModel: 'unknown' | 'rules' | 'quirk';
  /** While the draw model is unknown: the game as a peer with the class draw quirk sees it. */
  private quirk: GameState | null = null;
  private readonly everCaptured = new Set<number>();
  /** After a trade the two card-bonus readings judge differently, until its deploy: the game (and its quirk view) under the other reading. */
  private bonusAlt: { state: GameState; quirk: GameState | null } | null = null;
  /** The card-bonus reading another player's deploy showed last; null while none has. */
  private shownReading: CardBonusReading | null = null;
  /** The territory this peer's last trade earned its +2 for, until its deploy: the rulebook has them placed there. */
  private ownBonusOn: number | null = null;
  private effects: StarEffect[] = [];
  /**
   * Players timed out (or gone) after their number of the running round was held: made neutral once
   * the round is rolled. A client may have completed the round (its own reveal is in its order
   * before the host's lines) before the verdict reaches it; the host, waiting for that reveal, must
   * roll the same dice.
   */
  private afterRound: { player: number; reason: string }[] = [];
  /** The winner's closing fortify came (class peers end the game with it, §8). */
  closingFortifySeen = false;
  /** For the audit: dice rounds completed, battles rolled, moves checked, and the deck as shuffled. */
  readonly stats = { rounds: 0, battles: 0, actions: 0, deck: null as number[] | null };

  constructor(private readonly config: StarCoreConfig) {
    const started = startGame(classicBoard(), { ...CS3099_RULES, ...config.rules, players: config.players });
    if (!started.ok) throw new Error(started.reason);
    const bonus = config.cardBonus ?? 'either';
    this.state = bonus === 'either' ? started.value : withReading(started.value, bonus);
    this.drawModel = config.drawQuirk === 'never' ? 'rules' : 'unknown';
    if (this.drawModel === 'unknown') this.quirk = this.state;
  }

  get current(): GameState {
    return this.state;
  }

  /** A dice round runs, or a move waits for one: no move may come now. */
  get busy(): boolean {
    return this.round !== null || this.pending !== null;
  }

  /** The players the running dice round waits for, and for what. */
  roundWaitsFor(): { readonly stage: 'commitment' | 'number'; readonly players: readonly number[] } | null {
    const round = this.round;
    if (round === null) return null;
    return { stage: round.allCommitted ? 'number' : 'commitment', players: round.missing() };
  }

  /** What the driver must do now; each effect is returned once. */
  take(): StarEffect[] {
    const effects = this.effects;
    this.effects = [];
    return effects;
  }

  /** Starts the opening draw's round (first player, deck) if one is due and none runs. */
  startDraw() {
    if (this.busy || (this.state.phase !== 'first_player' && this.state.phase !== 'shuffle_deck')) return;
    this.startRound();
  }

  /** A line processed by this peer, in its one order: `from` is its author's seat (this peer's own lines too). */
  receive(from: number, message: Message, line: string) {
    switch (message.command) {
      case 'roll_hash':
      case 'roll_number':
        this.roll(from, message, line);
        return;
      case 'leave_game':
        this.neutralise(from, 'left the game');
        return;
      default:
        break;
    }
    if (!isGameMessage(message)) return;
    const action = toAction(message);
    if (this.state.phase === 'over') {
      // The winner ends its winning turn with a fortify; after it nothing more comes.
      if (action.command === 'fortify' && from === this.state.winner) this.closingFortifySeen = true;
      else if (message.command !== 'timeout') {
        this.stats.actions++;
        this.violation(from, 'the game is over');
      }
      return;
    }
    this.stats.actions++;
    if (message.command === 'timeout' && action.command === 'timeout') {
      // Only the host times players out, and it must say it is the one doing so: a timeout without
      // player_id cannot be told from one a client slipped in.
      const sender = message.player_id;
      if (sender === null && this.config.hostSeat === null && this.config.role === 'client') {
        // A host that does not play names nobody: on a client, whose lines all come from the host, it is the host's.
        this.neutralise(action.player, 'timed out');
        return;
      }
      if (sender === null)
        return this.violation(
          from,
          `sent a timeout for player ${action.player} without player_id; only the host (player ${HOST}) may time a player out, and must name itself`,
        );
      if (sender !== this.config.hostSeat)
        return this.violation(
          sender,
          `sent a timeout for player ${action.player}; only the host (player ${HOST}) may time a player out`,
        );
      this.neutralise(action.player, 'timed out');
      return;
    }
    const awaited = decisionBy(this.state);
    const forNeutral = action.command === 'defend' && awaited !== null && this.state.players[awaited]!.neutral;
    if (this.busy) return this.violation(from, `sent ${action.command} during a dice round`);
    if (!forNeutral && from !== awaited)
      return this.violation(from, `sent ${action.command} out of turn: it is player ${awaited}'s decision`);
    let check = apply(this.state, action, CHECK_DICE);
    if (!check.ok && this.quirk !== null && apply(this.quirk, action, CHECK_DICE).ok) {
      // Legal only if cards were drawn as the class peer's bug draws them: that peer follows it.
      this.state = this.quirk;
      this.quirk = null;
      this.decideDrawModel('quirk');
      this.emit({
        type: 'info',
        text: `player ${from}'s ${action.command} holds only under the class card-draw quirk (§7); following that draw model from here on`,
      });
      check = apply(this.state, action, CHECK_DICE);
    }
    // A deploy ends what a trade's card bonus left open: which reading the trader follows.
    const bonusAlt = this.bonusAlt;
    this.bonusAlt = null;
    if (!check.ok && action.command === 'deploy' && bonusAlt !== null && apply(bonusAlt.state, action, CHECK_DICE).ok) {
      this.state = bonusAlt.state;
      this.quirk = bonusAlt.quirk;
      if (this.quirk === null && this.drawModel === 'unknown') this.decideDrawModel('rules');
      check = apply(this.state, action, CHECK_DICE);
    }
    if (!check.ok) return this.violation(from, `illegal ${action.command}: ${check.reason}`);
    if (action.command === 'deploy' && bonusAlt !== null) this.bonusShown(from, readingOf(this.state));
    if (action.command === 'play_cards' && (this.config.cardBonus ?? 'either') === 'either')
      this.bonusAlt = this.underOtherReading(action);
    if (needsDice(this.state, action)) {
      this.pending = { action, author: from };
      // The move came: its author is no longer timed for it (the dice round has its own timer).
      this.effects.push({ type: 'moved' });
      this.startRound();
      return;
    }
    this.applyWith(action, CHECK_DICE);
  }

  /** The game and its quirk view after `trade` under the other card-bonus reading, when that reading judges it differently. */
  private underOtherReading(trade: Action): { state: GameState; quirk: GameState | null } | null {
    const state = tradeUnderOtherReading(this.state, trade);
    if (state === null) return null;
    const other = otherReading(readingOf(this.state));
    const seen = this.quirk === null ? null : apply(withReading(this.quirk, other), trade, CHECK_DICE);
    return { state, quirk: seen?.ok ? seen.state : null };
  }

  /** A deploy showed which card-bonus reading its trader follows. */
  private bonusShown(player: number, reading: CardBonusReading) {
    this.effects.push({ type: 'card-bonus', player, reading });
    if (player === this.config.me) return;
    if (this.shownReading !== reading)
      this.emit({
        type: 'info',
        text: `player ${player}'s deploy follows ${describeReading(reading)}; this peer trades so from here on`,
      });
    this.shownReading = reading;
  }

  /**
   * The game this peer's seat decides its next move on (own-move.ts, decisionView): the state, or
   * the class draw quirk's view when that puts this peer at another point of its turn and the
   * 2015 implementation (`selfAckers`) must follow the move.
   */
  decisionView(selfAckers: boolean): GameState {
    return decisionView({ state: this.state, quirk: this.quirk }, this.config.me, selfAckers);
  }

  /**
   * This peer's own move, as every other peer can follow it (own-move.ts): a trade both draw views
   * and both card-bonus readings take where the hand allows, a deploy with the +2 of its trade on
   * the territory that earned them. A trade by a reading the others have not shown puts the game
   * under that reading here. Returns the move and what was decided, in words.
   */
  ownMove(action: Action, selfAckers: boolean): { action: Action; notes: string[] } {
    if (action.command === 'deploy') return { action: bonusPlaced(this.state, action, this.ownBonusOn), notes: [] };
    const readingOpen = (this.config.cardBonus ?? 'either') === 'either' && this.shownReading === null;
    const own = ownTrade({ state: this.state, quirk: this.quirk }, this.config.me, action, { selfAckers, readingOpen });
    if (own.reading !== null) {
      this.state = withReading(this.state, own.reading);
      if (this.quirk !== null) this.quirk = withReading(this.quirk, own.reading);
    }
    return { action: own.action, notes: own.notes };
  }

  /** Every peer applies this at the same point of the one order, so all stay in step. */
  neutralise(player: number, reason: string) {
    this.effects.push({ type: 'verdict', player });
    const round = this.round;
    if (round !== null && player !== this.config.me && round.numbers.has(player)) {
      this.afterRound.push({ player, reason });
      return;
    }
    this.neutraliseNow(player, reason);
  }

  private neutraliseNow(player: number, reason: string) {
    const p = this.state.players[player];
    if (p === undefined || !isActive(p)) return;
    const result = apply(this.state, { command: 'timeout', player }, CHECK_DICE);
    if (!result.ok) return;
    this.state = result.state;
    if (this.quirk !== null) {
      const seen = apply(this.quirk, { command: 'timeout', player }, CHECK_DICE);
      this.quirk = seen.ok ? seen.state : null;
      if (!seen.ok) this.decideDrawModel('rules');
    }
    if (this.bonusAlt !== null) {
      // The other reading's view of a trade still waiting for its deploy goes on in step too.
      const alt = apply(this.bonusAlt.state, { command: 'timeout', player }, CHECK_DICE);
      const altQuirk =
        this.bonusAlt.quirk === null ? null : apply(this.bonusAlt.quirk, { command: 'timeout', player }, CHECK_DICE);
      this.bonusAlt = alt.ok ? { state: alt.state, quirk: altQuirk?.ok ? altQuirk.state : null } : null;
    }
    this.emit({ type: 'neutral', player, reason });
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
    if (this.pending !== null) {
      const action = pendingAfterNeutral(this.state, this.pending.action, player);
      this.pending = action === null ? null : { ...this.pending, action };
    }
    const round = this.round;
    if (round === null) return;
    if (!this.needsRound()) {
      for (const q of round.participants)
        if (q !== player && q !== this.config.me) this.staleDice.set(q, { hash: !round.hashes.has(q) });
      this.round = null;
      this.awaitingOwnCommitment = false;
      this.effects.push({ type: 'round', stage: 'over' });
      this.neutraliseAfterRound();
      return;
    }
    round.drop(player);
    this.progressRound();
  }

  private applyWith(action: Action, dice: Dice, quirkDice: Dice = dice) {
    const result = apply(this.state, action, dice);
    if (!result.ok) throw new Error(`checked action refused: ${result.reason}`);
    // The quirk draws for a fortify that ends a turn without a capture, once the player has ever captured.
    const quirkDraws =
      action.command === 'fortify' && !this.state.capturedThisTurn && this.everCaptured.has(action.player);
    if (action.command === 'fortify' && this.state.capturedThisTurn) this.everCaptured.add(action.player);
    if (this.drawModel === 'quirk' && quirkDraws && 'player' in action) {
      const card = result.state.deck[0];
      this.state = quirkDraw(result.state, action.player);
      if (card !== undefined) this.effects.push({ type: 'quirk-draw', player: action.player, card, tentative: false });
    } else this.state = result.state;
    if (this.quirk !== null) {
      const seen = apply(this.quirk, action, quirkDice);
      if (!seen.ok) {
        // Legal by the rules, not under the quirk: the others follow the rules.
        this.quirk = null;
        this.decideDrawModel('rules');
      } else if (quirkDraws) {
        const card = seen.state.deck[0];
        this.quirk = quirkDraw(seen.state, action.player);
        if (card !== undefined) this.effects.push({ type: 'quirk-draw', player: action.player, card, tentative: true });
      } else this.quirk = seen.state;
    }
    if (action.command === 'play_cards' && action.player === this.config.me) {
      const traded = result.events.find((e) => e.type === 'cards_traded');
      this.ownBonusOn = traded?.type === 'cards_traded' ? (traded.bonusTerritories[0] ?? null) : null;
    }
    if (action.command === 'deploy') this.ownBonusOn = null;
    if (action.command === 'defend') this.stats.battles++;
    if (action.command === 'shuffle_deck') this.stats.deck = [...this.state.deck];
    for (const event of result.events) this.emit({ type: 'game', event, state: this.state });
    this.effects.push({ type: 'moved' });
  }

  // ---- dice rounds ----

  private needsRound(): boolean {
    return this.pending !== null || this.state.phase === 'first_player' || this.state.phase === 'shuffle_deck';
  }

  private startRound() {
    const participants = this.state.players.filter(isActive).map((p) => p.id);
    const me = this.config.me;
    const takesPart = participants.includes(me);
    const round = new DiceRound(
      CS3099_ROUNDS,
      -1,
      participants,
      takesPart && !this.config.mute ? (this.config.secretNumbers ?? secretNumber)() : null,
      performance.now(),
    );
    this.round = round;
    this.effects.push({ type: 'round', stage: 'commit' });
    // Replaying, this peer's commitment is the record's next line of its own: the early lines wait for it.
    this.awaitingOwnCommitment = takesPart && round.mine === null;
    if (this.awaitingOwnCommitment) return;
    // The lines that came early are checked before this peer's commitment goes out: a host's verdict
    // on a cheat among them (a reveal before the round's commitments) is then its first line of the
    // round, as every client expects, not after a roll_hash they would take for playing on.
    for (const early of this.early.splice(0)) this.roll(early.from, early.message, early.line);
    if (round.mine !== null) {
      const hash = round.commitMine(me, () => '');
      this.effects.push({ type: 'send', message: { command: 'roll_hash', payload: hash, player_id: me } });
    }
    this.progressRound();
  }

  private replayEarly() {
    for (const early of this.early.splice(0)) this.roll(early.from, early.message, early.line);
    this.progressRound();
  }

  private roll(from: number, message: DiceMessage, line: string) {
    const owed = this.staleDice.get(from);
    if (owed !== undefined) {
      // Lines of a dropped round still on their way: each player sends its hash, then its number, per
      // round, so a hash it owed the dropped round, or a number before its hash in the round now on,
      // belongs to the dropped round (it is not a cheat, and not an early line for the next round).
      if (message.command === 'roll_hash' && owed.hash) {
        owed.hash = false;
        return;
      }
      if (message.command === 'roll_number' && (this.round === null || !this.round.hashes.has(from))) return;
      if (message.command === 'roll_hash') this.staleDice.delete(from);
    }
    if (this.round === null) {
      if (this.needsRound()) this.startRound();
      else {
        this.early.push({ from, message, line });
        return;
      }
    }
    const round = this.round!;
    if (!round.participants.includes(from)) return;
    if (this.awaitingOwnCommitment && from !== this.config.me) {
      this.early.push({ from, message, line });
      return;
    }
    const check =
      message.command === 'roll_hash'
        ? round.commit(from, message.payload, line)
        : round.reveal(from, message.payload, line);
    if (!check.ok) return this.violation(from, check.reason, 'commitment');
    if (this.awaitingOwnCommitment) {
      this.awaitingOwnCommitment = false;
      return this.replayEarly();
    }
    this.progressRound();
  }

  private progressRound() {
    const round = this.round;
    if (round === null) return;
    if (round.dueToReveal) {
      const hex = round.revealMine(this.config.me, () => '');
      this.effects.push({ type: 'send', message: { command: 'roll_number', payload: hex, player_id: this.config.me } });
      this.effects.push({ type: 'round', stage: 'reveal' });
    }
    if (round.complete) this.finishRound(round);
  }

  private finishRound(round: DiceRound) {
    this.round = null;
    this.stats.rounds++;
    this.effects.push({ type: 'round', stage: 'over' });
    this.emit({
      type: 'round',
      id: -1,
      participants: round.participants.length,
      ms: performance.now() - round.startedAt,
    });
    const dice = round.dice();
    const quirkDice = round.dice();
    const pending = this.pending;
    this.pending = null;
    if (pending !== null) this.applyWith(pending.action, dice, quirkDice);
    else
      this.applyWith(
        this.state.phase === 'first_player' ? { command: 'first_player' } : { command: 'shuffle_deck' },
        dice,
        quirkDice,
      );
    this.neutraliseAfterRound();
  }

  private neutraliseAfterRound() {
    const waiting = this.afterRound;
    this.afterRound = [];
    for (const { player, reason } of waiting) this.neutraliseNow(player, reason);
  }

  private decideDrawModel(model: 'rules' | 'quirk') {
    this.drawModel = model;
    this.effects.push({ type: 'draw-model', model });
  }

  private violation(player: number, reason: string, kind: ViolationKind = 'rules') {
    this.effects.push({ type: 'violation', player, reason, kind });
  }

  private emit(event: SessionEvent) {
    this.effects.push({ type: 'event', event });
  }
}

type DiceMessage = Extract<Message, { command: 'roll_hash' | 'roll_number' }>;

/** Our host is player 0 on this profile; only the host may time a player out. */
export const HOST = 0;

/** The seat of a replica that plays none: it follows a recording of others' game (`risk verify`). */
export const SPECTATOR = -1;

/**
 * Why a line that came in on `link` may not be taken as its author's, or null: a player speaks only
 * for itself (the host relays the others' lines, so only a link to one player can be held to this).
 */
export function impersonation(link: number, message: Message): string | null {
  const claimed = 'player_id' in message ? message.player_id : null;
  if (typeof claimed !== 'number' || claimed === link) return null;
  return `player ${link}'s line ${message.command} claims to be player ${claimed}'s`;
}

/** The class peer's bug: `player` draws the top card at a fortify that ends a turn without a capture. */
function quirkDraw(state: GameState, player: number): GameState {
  const card = state.deck[0];
  if (card === undefined) return state;
  return {
    ...state,
    deck: state.deck.slice(1),
    players: state.players.map((p) => (p.id === player ? { ...p, cards: [...p.cards, card] } : p)),
  };
}
