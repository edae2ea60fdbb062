// The data folder of each platform, and the record files' names, computed here for all three
// (node:path's win32 and posix joins do not depend on the machine the test runs on).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataDir } from '../../src/store/data-dir.js';
import { defaultStorePath } from '../../src/store/paths.js';
import { defaultRecordDir, defaultRecordPath } from '../../src/store/transcript-recorder.js';

afterEach(() => vi.unstubAllEnvs());

describe('dataDir', () => {
  it('Linux: $XDG_DATA_HOME/p2p-risk, else ~/.local/share/p2p-risk', () => {
    expect(dataDir({ platform: 'linux', env: { XDG_DATA_HOME: '/data/ann' }, home: '/home/ann' })).toBe(
      '/data/ann/p2p-risk',
    );
    expect(dataDir({ platform: 'linux', env: {}, home: '/home/ann' })).toBe('/home/ann/.local/share/p2p-risk');
    // The XDG spec: an empty or relative value is ignored.
    for (const XDG_DATA_HOME of ['', 'rel/data'])
      expect(dataDir({ platform: 'linux', env: { XDG_DATA_HOME }, home: '/home/ann' })).toBe(
        '/home/ann/.local/share/p2p-risk',
      );
    expect(dataDir({ platform: 'freebsd', env: {}, home: '/home/ann' })).toBe('/home/ann/.local/share/p2p-risk');
  });

  it('Windows: %APPDATA%\\p2p-risk, else the profile’s AppData\\Roaming', () => {
    expect(
      dataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\Ann\\AppData\\Roaming' }, home: 'C:\\Users\\Ann' }),
    ).toBe('C:\\Users\\Ann\\AppData\\Roaming\\p2p-risk');
    expect(dataDir({ platform: 'win32', env: {}, home: 'C:\\Users\\Ann' })).toBe(
      'C:\\Users\\Ann\\AppData\\Roaming\\p2p-risk',
    );
    // XDG is not Windows' convention, even when a Unix-like shell has set it.
    expect(dataDir({ platform: 'win32', env: { XDG_DATA_HOME: 'C:\\x' }, home: 'C:\\Users\\Ann' })).toBe(
      'C:\\Users\\Ann\\AppData\\Roaming\\p2p-risk',
    );
  });

  it('macOS: ~/Library/Application Support/p2p-risk', () => {
    expect(dataDir({ platform: 'darwin', env: { XDG_DATA_HOME: '/x' }, home: '/Users/ann' })).toBe(
      '/Users/ann/Library/Application Support/p2p-risk',
    );
  });

  it('this machine: the database and the records under it, $RISK_DB before it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'risk-data-'));
    try {
      vi.stubEnv('XDG_DATA_HOME', dir);
      vi.stubEnv('RISK_DB', '');
      if (process.platform === 'linux') expect(dataDir()).toBe(join(dir, 'p2p-risk'));
      expect(defaultStorePath()).toBe(join(dataDir(), 'risk.db'));
      expect(defaultRecordDir()).toBe(join(dataDir(), 'games'));
      expect(defaultStorePath({ RISK_DB: join(dir, 'mine.db') })).toBe(join(dir, 'mine.db'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('defaultRecordPath', () => {
  it('keeps a record in the records folder whatever game id the host sent', () => {
    for (const gameId of ['../../../.bashrc', 'a:b*c?d<e>f|g\\h/i', 'x'.repeat(128)]) {
      const path = defaultRecordPath(gameId, 2);
      expect(dirname(path)).toBe(defaultRecordDir());
      expect(basename(path)).toMatch(/^[0-9TZ-]+-[A-Za-z0-9_-]{1,64}-p2\.jsonl$/);
    }
    expect(basename(defaultRecordPath('3f9a0c1d2e4b5a69', 0))).toMatch(/-3f9a0c1d2e4b5a69-p0\.jsonl$/);
  });
});
