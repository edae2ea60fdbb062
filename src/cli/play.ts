// `risk` and `risk play`: the game for people. The Ink terminal UI when stdin and stdout are a
// terminal; plain text lines (stdin commands) with --plain, in pipes, or for screen readers.
// Everything but the usage and the argument parsing loads after the arguments are checked.
import { type CommandIO, parseCommand, parseCommandArgs, takeGame, usageError } from './io.js';
import { RULE_FLAGS, RULE_USAGE } from './rule-flags.js';

export const PLAY_USAGE = `usage: risk [play] [quick | host | join <address> | hotseat [names…]] [options]
       risk [play] [saved | resume <game> [address] | rejoin <game>] [options]
  (no choice: the main menu; saved games: the terminal UI opens its Resume list)
  --plain             plain text lines and typed commands, no cursor movement (automatic
                      when stdin or stdout is not a terminal); "help" lists the commands
  --web               the game in your browser: a page on 127.0.0.1 at a secret address,
                      which is printed (and opened, on a desktop); Ctrl-C stops
  --no-browser        with --web: print the address only, open no browser
  --name NAME         your name (default: your login name)
  --players N         host: 2–6 players, you included (default 4)
  --port P            host: TCP port (default 7475, or any free port if that is taken; a port
                      given here must be free)
  --key FILE          keep this peer identity in FILE between runs (default: a new identity
                      for each run, so two programs on one machine can play each other; a
                      networked game keeps its key beside the game database, for Resume)
  --listen ADDR       address to listen on (default 0.0.0.0: others can join; 127.0.0.1: this machine only)
  --move-timeout S    host: seconds a player may think before being made neutral (default 300)
  --bot-delay MS      pause before each bot move so you can follow it (default 250)
  --defend-by-hand    choose your defence dice when attacked (default: the most dice, at once;
                      also a setting in the game's help, key ?)
  --seed S            seed for the bots and the hot-seat dice (default: random)
  --no-record         do not record or store games (default: networked games recorded for
                      risk verify; games stored for Resume, Stats and risk history)
  --no-color          no colours (also: NO_COLOR=1)
  --game risc         RISC, the simultaneous-orders game: against bots, or host and join it
                      (risk play --game risc --help)
House rules (host and hot seat; joiners play the host's rules):
${RULE_USAGE}`;

const OPTIONS = {
  plain: { type: 'boolean' },
  web: { type: 'boolean' },
  'no-browser': { type: 'boolean' },
  name: { type: 'string' },
  players: { type: 'string' },
  port: { type: 'string' },
  key: { type: 'string' },
  listen: { type: 'string' },
  'move-timeout': { type: 'string' },
  'bot-delay': { type: 'string' },
  seed: { type: 'string' },
  'no-record': { type: 'boolean' },
  'defend-by-hand': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...RULE_FLAGS,
} as const;

/** `command`: how the user called it, for messages ("risk play", or "risk" for the menu). */
export async function runPlay(args: string[], io: CommandIO, command = 'risk play'): Promise<number> {
  const usage = (reason: string) => usageError(io, command, reason, PLAY_USAGE);
  const game = takeGame(args);
  if (game.game === 'risc') return (await import('./risc-play.js')).runRiscPlay(game.rest, io);
  if (game.game !== 'classic') return usage(`--game "${game.game}": the games are classic and risc`);
  const parsed = parseCommand(game.rest, io, { command, usage: PLAY_USAGE, allowPositionals: true, options: OPTIONS });
  if (!parsed.ok) return parsed.exit;
  const v = parsed.values;
  const [{ playSettings, firstScreen, loginName }, file, { defaultSettings }] = await Promise.all([
    import('./play-settings.js'),
    import('./settings-file.js'),
    import('../views/settings.js'),
  ]);
  // The player's settings (name, colours, bots, rules…), which the flags override for this run.
  const path = file.settingsPath();
  const loaded = file.loadSettings(path, defaultSettings(loginName()));
  const settings = playSettings(v, parsed.positionals, loaded.settings);
  if (typeof settings === 'string') return settings === 'quit' ? 0 : usage(settings);
  const { name, start } = settings;
  const [{ realLauncher }, { colorWanted }, { runPlain }] = await Promise.all([
    import('./launcher.js'),
    import('../views/theme.js'),
    import('../views/plain.js'),
  ]);
  const launcher = realLauncher(settings.launch);
  const color = colorWanted() && v['no-color'] !== true;
  const terminal = Boolean(process.stdout.isTTY && process.stdin.isTTY);

  // The web view: the same launcher, the page instead of the terminal.
  const web = async (start: typeof settings.start) => {
    const { runWeb } = await import('../views/web/run-web.js');
    return runWeb({
      launcher,
      defaults: {
        name,
        rules: settings.settings.rules,
        bot: settings.settings.bot,
        moveTimeoutSeconds: settings.settings.moveTimeoutSeconds,
        players: start.kind === 'host' ? start.players : 4,
      },
      start,
      out: io.out,
      err: io.err,
      open: v['no-browser'] !== true && Boolean(process.stdout.isTTY),
    });
  };

  let code: number;
  if (v.web) {
    if (loaded.problem !== null) io.err(`risk: ${loaded.problem}\n`);
    code = await web(start);
  } else if (v.plain || !terminal) {
    if (loaded.problem !== null) io.err(`risk: ${loaded.problem}\n`);
    code = await runPlain({
      launcher,
      input: process.stdin,
      out: io.out,
      color: color && settings.settings.colors && Boolean(process.stdout.isTTY),
      defaultName: name,
      start,
    });
  } else {
    const { runTerminalUi } = await import('../views/run-ui.js');
    const how = await runTerminalUi({
      launcher,
      defaultName: name,
      start: firstScreen(start),
      color,
      settings: settings.settings,
      saveSettings: (next) => file.saveSettings(path, next),
      settingsPath: path,
      ...(loaded.problem !== null ? { notice: loaded.problem } : {}),
    });
    // The menu's "In the browser": the same program goes on as the web view, at its menu.
    code = how === 'web' ? await web({ kind: 'menu' }) : 0;
  }
  return code;
}

/**
 * Why `risk play` would refuse these arguments (the usage problem), or null: the checks runPlay makes
 * before it starts anything, without starting it (the README's commands are checked so).
 */
export async function playProblem(args: string[]): Promise<string | null> {
  const game = takeGame(args);
  if (game.game === 'risc') {
    const { RISC_PLAY_OPTIONS } = await import('./risc-play.js');
    const parsed = parseCommandArgs(game.rest, { options: RISC_PLAY_OPTIONS, allowPositionals: true });
    return parsed.ok ? null : parsed.reason;
  }
  if (game.game !== 'classic') return `--game "${game.game}": the games are classic and risc`;
  const parsed = parseCommandArgs(game.rest, { options: OPTIONS, allowPositionals: true });
  if (!parsed.ok) return parsed.reason;
  const { playSettings } = await import('./play-settings.js');
  const settings = playSettings(parsed.values, parsed.positionals);
  return typeof settings === 'string' && settings !== 'quit' ? settings : null;
}
