// The game database for the store commands: --db PATH, else $RISK_DB, else the user's data directory.
import { defaultStorePath } from '../controller/store/paths.js';
import { GameStore, type Opened } from '../controller/store/store.js';

export const DB_OPTION = { db: { type: 'string' } } as const;
export const DB_USAGE = `  --db FILE   the game database (default: $RISK_DB, else ~/.local/share/p2p-risk/risk.db)`;

export function openStoreFrom(values: Record<string, unknown>): Opened {
  return GameStore.open(typeof values.db === 'string' ? values.db : defaultStorePath());
}
