// A RISC launcher whose store holds one stopped networked game (#7, stored host 10.0.0.1) and whose
// resumes together are only noted and refused ("nobody there"): what the Resume screen and plain
// mode ask of it.
import { DEFAULT_LAUNCH } from '../../../src/cli/launch-kit.js';
import { riscLauncher } from '../../../src/cli/risc-launcher.js';
import type { RiscLauncher } from '../../../src/views/risc/match.js';

export const STORED_HOST = '/ip4/10.0.0.1/tcp/7475/p2p/12D3KooW';

/** `host`: this player's seat hosts the game's resume. `requests`: every resumeNetwork asked for. */
export function stoppedGameLauncher(host: boolean, requests: unknown[]): RiscLauncher {
  const saved = {
    id: 7,
    startedAt: '2026-11-27T10:00:00Z',
    players: host ? ['Ann (you)', 'Bo'] : ['Bo', 'Ann (you)'],
    turn: 4,
    resumable: { host, hostAddresses: [STORED_HOST] },
  };
  return {
    ...riscLauncher({ ...DEFAULT_LAUNCH, record: false }, 5),
    saved: () => ({ ok: true, games: [saved] }),
    resumeNetwork: async (request: unknown) => {
      requests.push(request);
      return { ok: false, reason: 'nobody there' };
    },
  } as RiscLauncher;
}
