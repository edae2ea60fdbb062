// The native replica's limits: every input an honest peer could not exceed is bounded here, in
// one place (protocol-spec/native.md, Limits, states them as the protocol's).

/** Acks further than this from the move being settled are not kept: an honest peer never sends them. */
export const ACK_WINDOW = 2;

/**
 * ACK_WINDOW in a game whose moves may be built on `window` unsettled entries (pipelining): an
 * honest peer may be window + 1 points past another's first unsettled one, so 3 with a window of two.
 */
export const ackWindowFor = (window: number) => Math.max(ACK_WINDOW, window + 1);

/** Moves and dice lines one sender may have waiting; an honest peer has a handful at most. */
export const MAX_QUEUED = 64;
/**
 * A peer out of the game (eliminated, neutral) is waited for by nobody and may fall far behind:
 * it keeps this many moves' lines and acks from each sender instead. So does a peer still in the
 * game here: the others stop waiting for it at the point that puts it out in their copy, which
 * may be a point it has not reached yet (a slow link), and they race on.
 */
export const OBSERVER_WINDOW = 4096;
/** Out-of-window or unusable lines one link may send before it is cut. */
export const MAX_FAULTS = 64;
/** Signatures remembered to drop lines that arrive twice (directly and handed on). */
export const MAX_SEEN = 4096;
/**
 * Lines one link may send in a rate window (a second, or RATE_WINDOW_POINTS points of the game,
 * whichever ends first) before it is cut: an honest peer sends a few dozen, a few hundred when it
 * hands on what a lagging peer lacks (catchUpObserver). Lines seen before cost no fault, so
 * without this a peer could make the others parse copies of valid lines without end. The game's
 * points are counted here or as far as the link's player has acknowledged, whichever is further:
 * a peer that has fallen behind (or out) sees the game race on in the others' lines. (A link that
 * acks points ahead to widen its windows gains at most OBSERVER_WINDOW / RATE_WINDOW_POINTS.)
 */
export const MAX_LINES_PER_WINDOW = 4096;
export const RATE_WINDOW_MS = 1000;
export const RATE_WINDOW_POINTS = 16;
/** Expels one player may send in a game, per player in it (an honest one proposes a few). */
export const MAX_EXPELS_PER_PLAYER = 4;
/** Moves remembered with their signed lines, to hand on and to recognise equivocation. */
export const MOVE_MEMORY = 64;
/** Finished dice rounds kept to hand on to an observer far behind: a few RISC turns (one each), a few classic moves. */
export const PAST_ROUNDS = 8;
