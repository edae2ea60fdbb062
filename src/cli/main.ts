// The `risk` command: picks a subcommand, which parses its own arguments and sets the exit code.
import { readFileSync } from 'node:fs';
import { runBot } from './bot.js';
import { runOdds } from './odds.js';
import { runPlay } from './play.js';
import { runSimulate } from './simulate.js';
import { runTournament } from './tournament.js';
import { runVerify } from './verify.js';
import { EXIT_USAGE, type CommandIO } from './io.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export const HELP = `risk ${pkg.version} — peer-to-peer Risk for the terminal

Usage:
  risk                          start the game: the terminal UI's main menu (quick game,
                                host, join, hot seat, how to play)
  risk play [quick | host | join <address> | hotseat [names…]] [--plain] [options]
                                straight to one of them (risk play --help for every option);
                                --plain (automatic in pipes): text lines and typed commands
  risk odds <attacking> <defending>
                                exact battle odds: armies in the attacking territory
                                (one stays home) against the defending armies
  risk simulate [--players N] [--games G] [--seed S] [--turn-cap T] [--json]
                                play G offline games between random-legal bots
  risk tournament --bots K1,K2[,…] [--games G] [--seed S] [--workers W] [--turn-cap T] [--json]
                                bots (random, easy, normal, hard) play G offline games,
                                seats rotated: wins with 95% intervals per bot
  risk bot host --players N [--port P] [--bot KIND] [--name NAME] [--profile P] [--json]
  risk bot join <address> [--bot KIND] [--name NAME] [--profile P] [--json]
                                a headless peer: plays a whole game with a bot;
                                --profile cs3099 plays the 2015 class protocol with
                                other groups (risk bot --help for every option)
  risk verify [--lenient] [--json] <file>
                                audit a recorded game: commitments, rolls, legality,
                                turn order; exit 0 clean, 1 violations, 2 unreadable
  risk history [--limit N] [--json]
                                the stored games (hot-seat games as they are played,
                                tournaments run with --store)
  risk stats [--game N] [--kind K] [--json]
                                per player and per bot kind: games, wins, turns, conquests,
                                card sets, dice luck; win rate over time; a game's charts
  risk replay <game>            watch a stored game: step, back, jump to a turn, play
  risk export <game> [--output FILE]
                                a stored game as a transcript for risk verify
                                (all store commands take --db FILE; default $RISK_DB or
                                ~/.local/share/p2p-risk/risk.db)
  risk --version                print the version
  risk --help                   print this help

Exit codes: 0 success, 1 failure, 2 bad arguments.
`;

const commands: Record<string, (args: string[], io: CommandIO) => number | Promise<number>> = {
  play: runPlay,
  bot: runBot,
  odds: runOdds,
  simulate: runSimulate,
  tournament: runTournament,
  verify: runVerify,
  // The store commands load on use (node:sqlite, the charts, the replay screen).
  history: (args, io) => import('./history.js').then((m) => m.runHistory(args, io)),
  stats: (args, io) => import('./stats.js').then((m) => m.runStats(args, io)),
  export: (args, io) => import('./export.js').then((m) => m.runExport(args, io)),
  replay: (args, io) => import('./replay.js').then((m) => m.runReplay(args, io)),
};

export async function main(argv: string[], io: CommandIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.out(`${pkg.version}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    io.out(HELP);
    return 0;
  }
  // No command, or only play options (risk --plain): the game for people.
  if (first === undefined || first.startsWith('--')) return runPlay(argv, io);
  const command = commands[first];
  if (command === undefined) {
    io.err(`risk: unknown command "${first}". Commands: ${Object.keys(commands).join(', ')}. See risk --help.\n`);
    return EXIT_USAGE;
  }
  return command(rest, io);
}

const argv = process.argv.slice(2);
const code = await main(argv, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
if (argv[0] === undefined || argv[0] === 'play' || argv[0] === 'replay' || argv[0].startsWith('--')) {
  // A game's peers may still be closing their connections: they must not keep the program open.
  setTimeout(() => process.exit(code), 2000).unref();
}
