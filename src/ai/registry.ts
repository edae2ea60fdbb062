// The bots by name, for the CLI and the network code.
import type { Dice } from '../model/index.js';
import type { Bot } from './bot.js';
import { easyBot } from './easy.js';
import { hardBot } from './hard.js';
import { normalBot } from './normal.js';
import { randomBot } from './random.js';

export const BOT_KINDS = ['random', 'easy', 'normal', 'hard'] as const;
export type BotKind = (typeof BOT_KINDS)[number];

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const makers: Record<BotKind, (rng: Dice) => Bot> = {
  random: randomBot,
  easy: easyBot,
  normal: normalBot,
  hard: hardBot,
};

/** A bot kind from user text (trimmed, any case), or why it is not one. */
export function parseBotKind(text: string): Result<BotKind> {
  const kind = text.trim().toLowerCase();
  return (BOT_KINDS as readonly string[]).includes(kind)
    ? { ok: true, value: kind as BotKind }
    : { ok: false, reason: `unknown bot "${text}": choose one of ${BOT_KINDS.join(', ')}` };
}

/** A fresh bot (one per seat and game: bots keep per-game memory). Its only randomness is `rng`. */
export function createBot(kind: BotKind, rng: Dice): Bot {
  return makers[kind](rng);
}

/** A bot by name, or why the name is not a bot. */
export function createBotNamed(name: string, rng: Dice): Result<Bot> {
  const kind = parseBotKind(name);
  return kind.ok ? { ok: true, value: createBot(kind.value, rng) } : kind;
}
