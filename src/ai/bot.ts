// A bot answers whatever decision is due for its seat, like any other seat.
import type { InstantSeat } from '../controller/seat.js';

export type Bot = InstantSeat;
