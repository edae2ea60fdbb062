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
