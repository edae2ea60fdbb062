// Silence: timeouts settled by votes (who voted whom silent, this peer's two stages, who judges, the quorum).
import { isIn, type Standing } from './game.js';

export class Silence {
  /** The votes held against each player, by voter. */
  private readonly votes = new Map<number, Map<number, { index: number; line: string }>>();
  /** This peer's own votes: `player@index` (stage 1) and `player@index#2` (stage 2). */
  private readonly mine = new Set<string>();
  /** Sequence point at which each player last voted (it is alive, and waiting for someone else). */
  private readonly lastVoted = new Map<number, number>();
  /** `player@index`: a stage-2 vote against it was held back once because it was voting itself. */
  private readonly spared = new Set<string>();
  /** Who voted each player silent: they get that player's lines handed on from here. */
  readonly relays = new Map<number, Set<number>>();
  /** `voter>accused`: the latest point at which the voter called the accused silent (any stage). */
  private readonly accusations = new Map<string, number>();
  /** Players whose lines this peer has asked the others to hand on (askForLines). */
  private readonly linesAsked = new Set<number>();
  /** Observers already caught up, by the point they voted from (catchUpObserver). */
  private readonly caughtUp = new Set<string>();

  constructor(private readonly maxKept: number) {}

  /**
   * The stage of this peer's next vote against `player` at `index` (noted as cast), or null for
   * none: cast already, or held back once because the player is itself voting (alive, and waiting
   * on someone else: it gets one more timeout at this point to catch up with the lines handed to it).
   */
  castMine(player: number, index: number): 1 | 2 | null {
    const first = `${player}@${index}`;
    const stage = this.mine.has(first) ? 2 : 1;
    if (stage === 2 && (this.lastVoted.get(player) ?? -1) >= index - 1 && !this.spared.has(first)) {
      this.spared.add(first);
      return null;
    }
    const key = stage === 1 ? first : `${first}#2`;
    if (this.mine.has(key)) return null;
    this.mine.add(key);
    return stage;
  }

  /** Whether this peer has asked the others for `author`'s lines already. */
  asked(author: number): boolean {
    return this.linesAsked.has(author);
  }

  /** Notes that this peer asks for `author`'s lines; whether a stage-1 vote is to be cast for it. */
  ask(author: number, index: number): boolean {
    this.linesAsked.add(author);
    const key = `${author}@${index}`;
    if (this.mine.has(key)) return false;
    this.mine.add(key);
    return true;
  }

  /** Whether this peer voted `player` silent twice at `index`. */
  votedTwice(player: number, index: number): boolean {
    return this.mine.has(`${player}@${index}#2`);
  }

  /** `voter` voted at `index`: it is alive. */
  noteVoter(voter: number, index: number) {
    this.lastVoted.set(voter, Math.max(index, this.lastVoted.get(voter) ?? -1));
  }

  /** `voter` called `player` silent at `index` (any stage). */
  accuse(voter: number, player: number, index: number) {
    const key = `${voter}>${player}`;
    this.accusations.set(key, Math.max(index, this.accusations.get(key) ?? -1));
  }

  /** `voter` gets `player`'s lines handed on from now on. */
  relayTo(voter: number, player: number) {
    let voters = this.relays.get(player);
    if (voters === undefined) this.relays.set(player, (voters = new Set()));
    voters.add(voter);
  }

  /** A stage-2 vote against `player`, counted towards a quorum. */
  count(voter: number, player: number, index: number, line: string) {
    let byVoter = this.votes.get(player);
    if (byVoter === undefined) this.votes.set(player, (byVoter = new Map()));
    byVoter.set(voter, { index, line });
  }

  /** Whether `voter` has a stage-2 vote against `player` recent at `index` (within `ackWindow`). */
  votedAgainst(voter: number, player: number, index: number, ackWindow: number): boolean {
    const vote = this.votes.get(player)?.get(voter);
    return vote !== undefined && vote.index >= index - ackWindow;
  }

  /** Whether any vote (anyone's, or this peer's own stages) stands against `player`. */
  holdsAgainst(player: number): boolean {
    const prefix = `${player}@`;
    return this.votes.has(player) || [...this.mine].some((key) => key.startsWith(prefix));
  }

  /** Every vote against `player` lapses, and this peer's own stages start again. */
  lapse(player: number) {
    const prefix = `${player}@`;
    this.votes.delete(player);
    for (const key of [...this.mine]) if (key.startsWith(prefix)) this.mine.delete(key);
    for (const key of [...this.spared]) if (key.startsWith(prefix)) this.spared.delete(key);
  }

  /**
   * Who judges whether `player` is silent: the other active players, a majority of them signing.
   * With two active players the accuser's word would stand alone, so the observers still here
   * (eliminated, not neutral) judge with it: always at an observer, which never takes one player's
   * word against the other, and at the two players when each calls the other silent. Otherwise the
   * accuser alone decides (the accused may have crashed, and an observer must not be able to stop that).
   */
  electorate(
    player: number,
    at: {
      standings: readonly Standing[];
      me: number;
      gone: ReadonlySet<number>;
      index: number;
      observing: boolean;
      /** ACK_WINDOW in this game (limits.ts: ackWindowFor). */
      ackWindow: number;
    },
  ): number[] {
    const active = at.standings.filter((p) => isIn(p) && p.id !== player).map((p) => p.id);
    if (active.length !== 1) return active;
    const accuser = active[0]!;
    const observers = observersOf(at.standings)
      .filter((p) => p.id === at.me || !at.gone.has(p.id))
      .map((p) => p.id);
    if (observers.length === 0) return active;
    const contested = (this.accusations.get(`${player}>${accuser}`) ?? -1) >= at.index - at.ackWindow;
    return at.observing || contested ? [...active, ...observers] : active;
  }

  /**
   * The votes of a quorum of `electorate` against `player` recent at `index` (within `ackWindow`), each proven by
   * `valid` (they become proof for everyone): then they are taken (and the count of valid ones), else null.
   */
  quorum(
    player: number,
    electorate: readonly number[],
    index: number,
    ackWindow: number,
    valid: (voter: number, line: string) => boolean,
  ): { voters: number[]; lines: string[] } | null {
    const byVoter = this.votes.get(player) ?? new Map<number, { index: number; line: string }>();
    const needed = Math.floor(electorate.length / 2) + 1;
    const recent = electorate.filter((p) => this.votedAgainst(p, player, index, ackWindow));
    if (recent.length < needed) return null;
    const voters = recent.filter((p) => valid(p, byVoter.get(p)!.line));
    if (voters.length < needed) return null;
    this.votes.delete(player);
    return { voters, lines: voters.map((p) => byVoter.get(p)!.line) };
  }

  /** Whether `observer`, voting from `from`, is to be caught up now (once per point). */
  catchUpOnce(observer: number, from: number): boolean {
    const key = `${observer}@${from}`;
    if (this.caughtUp.has(key)) return false;
    if (this.caughtUp.size >= this.maxKept) this.caughtUp.clear();
    this.caughtUp.add(key);
    return true;
  }

  /** The votes held, for diagnostics. */
  diagnostics() {
    const keys = (s: ReadonlySet<string>) => [...s].slice(-12);
    return {
      votes: [...this.votes].map(([p, m]) => [p, [...m].map(([v, x]) => [v, x.index])]),
      myVotes: keys(this.mine),
      spared: keys(this.spared),
    };
  }
}

/** Players out of the game but still in it: eliminated, not neutral (they may judge silence). */
export function observersOf<P extends Standing>(standings: readonly P[]): P[] {
  return standings.filter((p) => p.eliminated && !p.neutral);
}
