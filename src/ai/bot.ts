// A bot answers whatever decision is due for its seat, like any other seat.
import type { InstantSeat } from '../sessions/seat.js';

export type Bot = InstantSeat;
