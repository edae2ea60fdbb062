// Saved games as the launcher lists them, for the Resume screens' tests (terminal UI and plain mode).
import type { SavedGame, SavedNetworkGame } from '../../src/views/launcher.js';

export const HOST_ADDRESS = '/ip4/192.168.1.20/tcp/7475/p2p/12D3KooWHost';

/** A networked game's part: seat 1, still playing, resumable and rejoinable unless `over` says not. */
export const network = (over: Partial<SavedNetworkGame>): SavedNetworkGame => ({
  me: 1,
  status: 'playing',
  profile: 'native',
  resume: null,
  rejoin: null,
  hostAddresses: [HOST_ADDRESS, '/ip4/127.0.0.1/tcp/7475/p2p/12D3KooWHost'],
  ...over,
});

/** Saved game `id`: Hana and Jo, 40 moves (a local game unless `over` gives it a network part). */
export const game = (id: number, over: Partial<SavedGame> = {}): SavedGame => ({
  id,
  startedAt: '2026-11-23T20:00:00.000Z',
  players: [{ name: 'Hana' }, { name: 'Jo' }],
  stepCount: 40,
  ...over,
});

/** A local game, and networked ones that can be rejoined or joined (#7), hosted again (#8), or cannot go on (#9). */
export const LOCAL = game(1, { players: [{ name: 'Ann' }, { name: 'Bea', botKind: 'easy' }], stepCount: 200 });
export const JOINED = game(7, { network: network({}) });
export const HOSTED = game(8, {
  network: network({ me: 0, status: 'stopped', rejoin: 'the record header is not stored' }),
});
export const CAPITAL = game(9, {
  network: network({
    status: 'stopped',
    resume: 'a Capital game: it cannot go on',
    rejoin: 'a Capital game: it cannot go on',
  }),
});
