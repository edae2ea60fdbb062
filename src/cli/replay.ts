// `risk replay GAME`: a stored game in the terminal UI, to step through or play back; with
// --plain (or outside a terminal) the game's story as text lines.
import { createElement, type ReactElement } from 'react';
import type { StoredGame } from '../store/store.js';
import { framesOf } from '../views/replay.js';
import type { TablePlayer } from '../views/table.js';
import { type CommandIO, parseCommand } from './io.js';
import { DB_OPTION, DB_USAGE, loadNamedGame } from './store-args.js';

const USAGE = `usage: risk replay <game> [--plain] [--db FILE]
  <game>      its number in risk history, or its id (a RISC game plays back a turn at a time)
  --plain     print the game's story as text (automatic when not in a terminal)
  --no-color  no colours (also: NO_COLOR=1)
${DB_USAGE}
keys: → or space step, ← back, ↓ ↑ next/previous turn, t jump to a turn, p play/pause,
      + - speed, Home End first/last, q quit
`;

export async function runReplay(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommand(args, io, {
    command: 'risk replay',
    usage: USAGE,
    allowPositionals: true,
    options: { ...DB_OPTION, plain: { type: 'boolean' }, 'no-color': { type: 'boolean' } },
  });
  if (!parsed.ok) return parsed.exit;
  const named = loadNamedGame('replay', parsed, USAGE, io);
  if (!named.ok) return named.code;
  const game = named.game;
  const values = parsed.values;
  if (game.game === 'risc') return replayRisc(game, named.lines, values, io);
  const built = framesOf(game);
  if (!built.ok) {
    io.err(`risk replay: ${built.reason}\n`);
    return 1;
  }
  const title = `game ${game.id} (${game.kind}, ${game.startedAt.slice(0, 16).replace('T', ' ')})`;
  if (values.plain === true || !process.stdin.isTTY || !process.stdout.isTTY) {
    io.out(`${title}: ${built.names.join(', ')}\n`);
    let turn = -1;
    for (const frame of built.frames) {
      if (frame.state.turn !== turn) {
        turn = frame.state.turn;
        if (turn > 0) io.out(`-- turn ${turn}\n`);
      }
      for (const line of frame.lines) io.out(`${line}\n`);
    }
    return 0;
  }
  const players: TablePlayer[] = game.players.map((p) => ({
    id: p.seat,
    name: p.name,
    kind: p.botKind ? 'bot' : 'human',
  }));
  const { ReplayScreen } = await import('../views/replay-screen.js');
  await onTerminal(values, (onExit) => createElement(ReplayScreen, { title, frames: built.frames, players, onExit }));
  return 0;
}

/** Shows a replay screen on this terminal (in colour unless --no-color) until the player quits it. */
async function onTerminal(values: Record<string, unknown>, screen: (onExit: () => void) => ReactElement) {
  const { render } = await import('ink');
  const { ThemeContext, colorWanted } = await import('../views/theme.js');
  const color = values['no-color'] !== true && colorWanted();
  let done = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const instance = render(
    createElement(
      ThemeContext.Provider,
      { value: { color } },
      screen(() => done()),
    ),
    {
      exitOnCtrlC: false,
      alternateScreen: true,
      interactive: true,
    },
  );
  await finished;
  instance.unmount();
  await instance.waitUntilExit().catch(() => {});
}

/** A stored RISC game: its story as text, or a turn at a time in the terminal UI. */
async function replayRisc(
  game: StoredGame,
  lines: readonly { dir: string; raw: string }[],
  values: Record<string, unknown>,
  io: CommandIO,
): Promise<number> {
  const [{ storedRiscStory }, { riscStoryText }] = await Promise.all([
    import('../store/risc-games.js'),
    import('../views/risc/replay.js'),
  ]);
  const told = storedRiscStory(lines);
  if (!told.ok) {
    io.err(`risk replay: RISC game ${game.id} cannot be read back: ${told.reason}\n`);
    return 1;
  }
  const title = `RISC game ${game.id} (${game.kind}, ${game.startedAt.slice(0, 16).replace('T', ' ')})`;
  if (values.plain === true || !process.stdin.isTTY || !process.stdout.isTTY) {
    io.out(`${title}: ${told.story.header.players.join(', ')}\n`);
    for (const line of riscStoryText(told.story)) io.out(`${line}\n`);
    return 0;
  }
  const { RiscReplayScreen } = await import('../views/risc/replay.js');
  await onTerminal(values, (onExit) => createElement(RiscReplayScreen, { title, story: told.story, onExit }));
  return 0;
}
