// The `risk` command: picks a subcommand, which parses its own arguments and sets the exit code.
// Subcommands load on use, so `risk --version` and `risk --help` start without libp2p, Ink or zod.
import { readFileSync } from 'node:fs';
import { dataDir } from '../store/data-dir.js';
import { didYouMean } from '../views/did-you-mean.js';
import { type CommandIO, usageError, wantsHelp } from './io.js';

type Run = (args: string[], io: CommandIO) => number | Promise<number>;

// One line per subcommand: its name and how to load it. Adding a command = one line here (and
// its lines in HELP); the module parses its own arguments, `--help` included.
const COMMANDS: Record<string, () => Promise<Run>> = {
  play: async () => (await import('./play.js')).runPlay,
  bot: async () => (await import('./bot.js')).runBot,
  odds: async () => (await import('./odds.js')).runOdds,
  simulate: async () => (await import('./simulate.js')).runSimulate,
  tournament: async () => (await import('./tournament.js')).runTournament,
  verify: async () => (await import('./verify.js')).runVerify,
  // The store's commands (node:sqlite, the charts, the replay screen).
  history: async () => (await import('./history.js')).runHistory,
  stats: async () => (await import('./stats.js')).runStats,
  export: async () => (await import('./export.js')).runExport,
  replay: async () => (await import('./replay.js')).runReplay,
};

// The built program has its version written in by esbuild (scripts/bundle.mjs): the single
// executable has no package.json beside it. Run from the sources, it reads package.json.
declare const __RISK_VERSION__: string | undefined;

function version(): string {
  if (typeof __RISK_VERSION__ === 'string') return __RISK_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export function help(): string {
  return `risk ${version()} — peer-to-peer Risk for the terminal

Usage:
  risk                          start the game: the terminal UI's main menu (quick game,
                                host, join, hot seat, how to play)
  risk play [quick | host | join <address> | hotseat [names…]] [--plain] [options]
                                straight to one of them (risk play --help for every option);
                                --plain (automatic in pipes): text lines and typed commands
  risk play [saved | resume <game> [address] | rejoin <game>] [--plain]
                                the saved games; go on with one: a local game where it
                                stopped, a networked one hosted again, joined or rejoined
  risk play [host | join <address>] --game risc [--players N] [--bot easy|normal|hard] [--plain]
                                RISC: everyone orders at once, in secret: against bots here,
                                or hosted and joined by people on their own machines
  risk odds <attacking> <defending>
                                exact battle odds: armies in the attacking territory
                                (one stays home) against the defending armies
  risk simulate [--players N] [--games G] [--seed S] [--turn-cap T] [--json]
                                play G offline games between random-legal bots
  risk tournament --bots K1,K2[,…] [--games G] [--seed S] [--workers W] [--turn-cap T] [--json]
                                bots (random, easy, normal, hard) play G offline games,
                                seats rotated: wins with 95% intervals per bot
                                (--game risc: RISC bots; turns p50/p99, wins per seat)
  risk bot host --players N [--port P] [--bot KIND] [--name NAME] [--profile P] [--json]
  risk bot join <address> [--bot KIND] [--name NAME] [--profile P] [--json]
                                a headless peer: plays a whole game with a bot;
                                --profile cs3099 plays the 2015 class protocol with
                                other groups; --game risc plays networked RISC
                                (risk bot --help for every option)
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
                                risk.db in the data folder)
  risk help [COMMAND]           this help, or one command's (same as risk COMMAND --help)
  risk version, risk --version  print the version
  risk --help, -h               print this help

Data folder: ${dataDir()}
  the game database (risk.db), the records of networked games (games/) and the peer keys kept
  for resuming them (keys/)

Exit codes: 0 success, 1 failure, 2 bad arguments.
`;
}

const VERSION_USAGE = 'usage: risk version   (also risk --version, -v): prints the version\n';

const SHORT_USAGE = `usage: risk [COMMAND] [options]   (commands: ${Object.keys(COMMANDS).join(', ')}; risk --help lists them)\n`;

export async function main(argv: string[], io: CommandIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v' || first === 'version') {
    // Every command answers --help, these two included (the conventions of io.ts).
    if (first === 'version' && wantsHelp(rest)) {
      io.out(VERSION_USAGE);
      return 0;
    }
    if (first === 'version' && rest.length > 0)
      return usageError(io, 'risk version', 'version takes no arguments', SHORT_USAGE);
    io.out(`${version()}\n`);
    return 0;
  }
  if (first === '--help' || first === '-h') {
    io.out(help());
    return 0;
  }
  if (first === 'help') {
    const [topic, ...extra] = rest;
    if (topic === undefined || (wantsHelp(rest) && extra.length === 0)) {
      io.out(help());
      return 0;
    }
    if (extra.length > 0) return usageError(io, 'risk help', `help takes one command, got ${rest.length}`, SHORT_USAGE);
    const load = COMMANDS[topic];
    if (load === undefined)
      return usageError(
        io,
        'risk help',
        `unknown command "${topic}"${didYouMean(topic, Object.keys(COMMANDS))}`,
        SHORT_USAGE,
      );
    return (await load())(['--help'], io);
  }
  // No command, or only play options (risk --plain): the game for people.
  if (first === undefined || first.startsWith('-')) return (await import('./play.js')).runPlay(argv, io, 'risk');
  const load = COMMANDS[first];
  if (load === undefined)
    return usageError(io, 'risk', `unknown command "${first}"${didYouMean(first, Object.keys(COMMANDS))}`, SHORT_USAGE);
  return (await load())(rest, io);
}
