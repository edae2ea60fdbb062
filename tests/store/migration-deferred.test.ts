// Migration 4 needs the replica core (store/derive.ts registers it). The menu opens the store
// without that code, so a database whose old networked games lack their steps must stay at
// version 3 there, usable, and move to 4 when a command that has the deriver opens it. This file
// must not import derive.ts (or anything that does) before the test does.
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/schema.js';
import { GameStore } from '../../src/store/store.js';
import { tempDir } from './helpers.js';

function open(path: string): GameStore {
  const opened = GameStore.open(path);
  if (!opened.ok) throw new Error(opened.reason);
  return opened.store;
}

describe('migration 4 without the deriver', () => {
  it('leaves the database at version 3 until a command with the deriver opens it', async () => {
    const tmp = tempDir();
    try {
      const path = `${tmp.dir}/old.db`;
      const first = open(path);
      // What version 3 kept of a native networked game: a games row and its lines, no steps.
      first.db.exec(`
        INSERT INTO games (uid, kind, profile, started_at, status) VALUES ('old-net', 'network', 'native', '2026-01-01T00:00:00Z', 'stopped');
        INSERT INTO lines (game_id, seq, t, dir, conn, raw) VALUES (1, 0, 0, 'note', -1, '{"not":"a native header"}');
        PRAGMA user_version = 3;
      `);
      first.close();

      const menu = open(path);
      try {
        expect(menu.schemaVersion).toBe(3);
        // Still usable: the game is there, with its line.
        const found = menu.find('old-net');
        expect(found.ok).toBe(true);
      } finally {
        menu.close();
      }

      await import('../../src/store/derive.js');
      const command = open(path);
      try {
        // Migration 4 ran, and the later ones after it.
        expect(command.schemaVersion).toBe(SCHEMA_VERSION);
        // The deriver ran: this record has no native header, so it got no steps.
        const steps = command.db.prepare('SELECT COUNT(*) AS n FROM steps').get() as { n: number };
        expect(steps.n).toBe(0);
      } finally {
        command.close();
      }
    } finally {
      tmp.remove();
    }
  });
});
