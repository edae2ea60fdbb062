// Where the database lives: $RISK_DB, else risk.db in the data folder (data-dir.ts).
import { join } from 'node:path';
import { dataDir } from './data-dir.js';

export function defaultStorePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.RISK_DB || join(dataDir({ env }), 'risk.db');
}
