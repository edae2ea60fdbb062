// Where the database lives: $RISK_DB, else $XDG_DATA_HOME/p2p-risk/risk.db (~/.local/share/…).
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultStorePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RISK_DB) return env.RISK_DB;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'p2p-risk', 'risk.db');
}
