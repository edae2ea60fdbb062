// The Node flags each `risk` command runs with, for both launchers: bin/risk.js (node_modules'
// or the machine's Node) and bin/sea.js (the single executable). Plain JavaScript, like them.
//
// The commands that stay running (the game, a bot peer) run with a small young generation: V8's
// default lets it grow to tens of MB of garbage between collections, a fifth of a bot peer's
// peak memory; collecting it more often costs nothing a turn-based game notices. A bot peer,
// which plays as fast as the network lets it, keeps 2 MB rather than the game's 1: at 1 MB it
// collected every battle or so, ~10% of its CPU a battle more for ~2 MB less. The game with
// its terminal UI (which redraws the whole map at every event) also runs with V8's
// --optimize-for-size: a quick game's peak drops from about 200 to 130 MB for some more CPU.
// The commands that compute for long (tournament, simulate) run without them.

/** The game's flags, which bin/risk.js's #! line also gives. */
export const GAME_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size'];

/**
 * The flags `risk args…` wants, and whether a process started with `execArgv` must start again
 * to have them (or to lose the game's flags); never again once it has (RISK_NODE_REEXEC=1).
 */
export function tuning(args, execArgv, env) {
  const asksForHelp = args.includes('--help') || args.includes('-h');
  const isGame = args[0] === undefined || args[0] === 'play' || /^--(?!version$)/.test(args[0]);
  const longRunning = !asksForHelp && (isGame || args[0] === 'bot');
  const flags = longRunning ? (isGame ? GAME_FLAGS : ['--max-semi-space-size=2']) : [];
  const computing = !asksForHelp && (args[0] === 'tournament' || args[0] === 'simulate');
  const retune =
    env.RISK_NODE_REEXEC !== '1' &&
    (flags.some((flag) => !execArgv.includes(flag)) ||
      (computing && execArgv.some((flag) => GAME_FLAGS.includes(flag))));
  return { flags, retune };
}
