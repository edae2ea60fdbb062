// A peer's identity: an Ed25519 key. A person's program makes a new one for each run (two programs
// on one machine, or in a lab where every machine mounts one home directory, must not be one peer);
// with --key it is created once and kept on disk, so a player keeps its peer id.

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateKeyPair, privateKeyFromProtobuf, privateKeyToProtobuf } from '@libp2p/crypto/keys';
import type { PrivateKey } from '@libp2p/interface';
import { peerIdFromPrivateKey } from '@libp2p/peer-id';

/** The identity for this run: the key kept at `path`, or a new one when no path is given. */
export async function identityFor(
  path: string | undefined,
): Promise<{ ok: true; key: PrivateKey } | { ok: false; reason: string }> {
  if (path === undefined) return { ok: true, key: await generateKeyPair('Ed25519') };
  return loadOrCreateKey(path);
}

/** Loads the key at `path`, creating it (readable by the owner only) the first time. */
export async function loadOrCreateKey(
  path: string,
): Promise<{ ok: true; key: PrivateKey; created: boolean } | { ok: false; reason: string }> {
  let bytes: Buffer | null = null;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return { ok: false, reason: `cannot read key ${path}: ${(error as Error).message}` };
  }
  if (bytes !== null) {
    try {
      return { ok: true, key: privateKeyFromProtobuf(new Uint8Array(bytes)), created: false };
    } catch (error) {
      return { ok: false, reason: `${path} is not a peer key: ${(error as Error).message}` };
    }
  }
  const key = await generateKeyPair('Ed25519');
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, privateKeyToProtobuf(key), { mode: 0o600 });
    chmodSync(path, 0o600);
  } catch (error) {
    return { ok: false, reason: `cannot write key ${path}: ${(error as Error).message}` };
  }
  return { ok: true, key, created: true };
}

/**
 * Keeps a run's key in `dir` as `PEERID.key` (readable by the owner only), so that a networked game
 * played with it can later be resumed or rejoined from the menu (keyFor).
 */
export function keepKey(dir: string, key: PrivateKey): { ok: true; path: string } | { ok: false; reason: string } {
  const path = join(dir, `${peerIdFromPrivateKey(key).toString()}.key`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path, privateKeyToProtobuf(key), { mode: 0o600 });
    chmodSync(path, 0o600);
  } catch (error) {
    return { ok: false, reason: `cannot keep this game's key in ${path}: ${(error as Error).message}` };
  }
  return { ok: true, path };
}

/**
 * The key of peer `peerId`: the one at `keyPath` (--key) if it is that peer's, else the one kept in
 * `dir` (keepKey); or why there is none.
 */
export async function keyFor(
  peerId: string,
  dir: string | null,
  keyPath: string | undefined,
): Promise<{ ok: true; key: PrivateKey } | { ok: false; reason: string }> {
  // Only read: looking for a seat's key must not create a key file.
  if (keyPath !== undefined && existsSync(keyPath)) {
    const given = await loadOrCreateKey(keyPath);
    if (given.ok && peerIdFromPrivateKey(given.key).toString() === peerId) return given;
  }
  if (dir !== null && /^[1-9A-HJ-NP-Za-km-z]{20,100}$/.test(peerId)) {
    const kept = join(dir, `${peerId}.key`);
    if (existsSync(kept)) {
      const loaded = await loadOrCreateKey(kept);
      if (!loaded.ok) return loaded;
      if (peerIdFromPrivateKey(loaded.key).toString() === peerId) return loaded;
      return { ok: false, reason: `${kept} holds another peer's key` };
    }
  }
  return {
    ok: false,
    reason: `this player's key (${peerId}) is not kept here: the game was played with another key — start risk with --key FILE, the file it was played with`,
  };
}
