// RISC in plain text, in the style of the original RISC client: the state listed per player with
// units and neighbours, then (M)ove, (A)ttack, (D)one. Against bots in this process, or a
// networked game hosted or joined (its lobby in text: s starts now, b fills the seats with bots).
// Lines typed early wait their turn, so a script can send all its answers at once.
import { createInterface } from 'node:readline';
import { isRiscBotKind, RISC_BOT_LIST } from '../../ai/risc/bots.js';
import { describeTerms } from '../../protocol/risc-terms.js';
import type { LobbyEvent } from '../../sessions/lobby.js';
import type { RiscSeat } from '../../sessions/risc-local.js';
import { plainReason } from '../launcher.js';
import {
  answerOrder,
  answerPlacement,
  NEW_PLANNING,
  newPlacing,
  orderPrompt,
  type Planning,
  placementPrompt,
} from './dialogue.js';
import type { RiscLauncher, RiscMatch, RiscOpened, RiscStart, RiscStarted } from './match.js';
import { endText, riscRules, stateLines, turnLines } from './text.js';

export interface LineReader {
  next(): Promise<string | null>;
  /** Resolves once a line is waiting (or the input ended), without taking it. */
  ready(): Promise<void>;
  /** The line waiting, without taking it: undefined when none is, null when the input ended. */
  peek(): string | null | undefined;
  close(): void;
}

/** Lines from a stream, one at a time; null once the stream has ended. */
export function lineReader(input: NodeJS.ReadableStream): LineReader {
  const lines = createInterface({ input, terminal: false });
  const queue: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  const watchers: (() => void)[] = [];
  let ended = false;
  lines.on('line', (line) => {
    if (waiting.length > 0) waiting.shift()!(line);
    else queue.push(line);
    for (const w of watchers.splice(0)) w();
  });
  lines.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w(null);
    for (const w of watchers.splice(0)) w();
  });
  return {
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift()!)
        : ended
          ? Promise.resolve(null)
          : new Promise((resolve) => waiting.push(resolve)),
    ready: () => (queue.length > 0 || ended ? Promise.resolve() : new Promise((resolve) => watchers.push(resolve))),
    peek: () => (queue.length > 0 ? queue[0] : ended ? null : undefined),
    close: () => lines.close(),
  };
}

export interface RiscPlainOptions {
  readonly input: NodeJS.ReadableStream;
  readonly out: (text: string) => void;
  readonly launcher: RiscLauncher;
  readonly name: string;
  readonly start: RiscStart;
}

/** Plays one RISC game in plain text from the start asked for; the exit code (0: a result or left, 1: it broke off). */
export async function runRiscPlain(options: RiscPlainOptions): Promise<number> {
  const say = (text: string) => options.out(text.endsWith('\n') ? text : `${text}\n`);
  const reader = lineReader(options.input);
  try {
    const started = await startPlain(options, reader, say);
    if (!started.ok) {
      say(`The RISC game could not start: ${plainReason(started.reason)}`);
      return 1;
    }
    return await playPlain(started.match, reader, say);
  } finally {
    reader.close();
  }
}

async function startPlain(
  options: RiscPlainOptions,
  reader: LineReader,
  say: (t: string) => void,
): Promise<RiscStarted> {
  const { launcher, name, start } = options;
  const lobbyEvent = (event: LobbyEvent) =>
    say(event.type === 'info' ? event.text : `${event.player.name} ${event.type} the lobby`);
  switch (start.kind) {
    case 'menu':
    case 'local': {
      const players = start.kind === 'local' ? start.players : 3;
      const bot = start.kind === 'local' ? start.bot : 'hard';
      const terms = start.kind === 'local' ? start.terms : { startUnits: 30, turnLimit: 100 };
      say(`RISC: ${name} against ${players - 1} ${bot} bot${players > 2 ? 's' : ''}. Type h for help at any prompt.`);
      return { ok: true, match: launcher.local({ name, players, bot, terms }) };
    }
    case 'resume': {
      if (!launcher.resume || start.id === undefined) return { ok: false, reason: 'name the game to resume' };
      // A networked game every player stopped is resumed together: hosted again, or joined at its host.
      const saved = launcher.saved?.();
      const together = saved?.ok ? saved.games.find((g) => g.id === start.id)?.resumable : undefined;
      if (together === undefined || !launcher.resumeNetwork) return launcher.resume(start.id);
      if (together.host) {
        say(`Hosting RISC game #${start.id} again: its players join with their keys.`);
        const opened = await launcher.resumeNetwork({ id: start.id, host: true }, lobbyEvent);
        if (opened.ok) {
          const [best, ...others] = opened.lobby.addresses;
          say(
            `They join with: risk play join ${best ?? '(no address: is the network up?)'} --game risc --resume <game>`,
          );
          for (const a of others.slice(0, 3)) say(`  or: ${a}`);
          say('The game goes on once every player still in it is here (q leaves).');
        }
        return lobby(opened, reader, say);
      }
      if (start.address === undefined) {
        const stored = together.hostAddresses[0];
        return {
          ok: false,
          reason: `game #${start.id} is hosted again by the first seat still in it: risk play join <address> --game risc --resume ${start.id}, with the address its screen shows${stored ? ` (stored: ${stored})` : ''}`,
        };
      }
      say(`Joining ${start.address} to resume RISC game #${start.id}…`);
      const opened = await launcher.resumeNetwork({ id: start.id, host: false, address: start.address }, lobbyEvent);
      if (opened.ok) say('Joined. Every player shows it holds the same game, then it goes on (q leaves).');
      return lobby(opened, reader, say);
    }
    case 'host': {
      say(`Hosting a ${start.players}-player RISC game. ${describeTerms(start.terms)}`);
      const opened = await launcher.host({ players: start.players, name, terms: start.terms }, lobbyEvent);
      if (opened.ok) {
        const [best, ...others] = opened.lobby.addresses;
        say(`Others join with: risk play join ${best ?? '(no address: is the network up?)'} --game risc`);
        for (const a of others.slice(0, 3)) say(`  or: ${a}`);
        say(
          `In the lobby: s starts now with the players here, b [${RISC_BOT_LIST}] fills the empty seats with bots, q leaves.`,
        );
      }
      return lobby(opened, reader, say);
    }
    case 'join': {
      say(`Joining the RISC game at ${start.address}…`);
      const opened = await launcher.join({ address: start.address, name }, lobbyEvent, (terms) =>
        say(`The host's terms: ${describeTerms(terms)}`),
      );
      if (opened.ok) say('Joined. Waiting for the host to start the game (q leaves).');
      return lobby(opened, reader, say);
    }
  }
}

/**
 * Waits in the lobby until the game starts, taking the lobby's commands from the input (s, b
 * [kind], q); any other line is an answer typed ahead for the game, and waits for it.
 */
async function lobby(opened: RiscOpened, reader: LineReader, say: (t: string) => void): Promise<RiscStarted> {
  if (!opened.ok) return opened;
  const { lobby } = opened;
  let started: RiscStarted | null = null;
  const starting = lobby.started.then((s) => (started = s));
  for (;;) {
    await Promise.race([starting, reader.ready()]);
    if (started !== null) return started;
    const waiting = reader.peek();
    if (waiting === null) {
      await lobby.cancel();
      return { ok: false, reason: 'the input ended in the lobby' };
    }
    const [word = '', kind = 'hard'] = (waiting ?? '').trim().toLowerCase().split(/\s+/);
    if (!['s', 'b', 'q', 'quit'].includes(word)) {
      await starting;
      return started!;
    }
    await reader.next();
    if (word === 'q' || word === 'quit') {
      await lobby.cancel();
      return { ok: false, reason: 'you left the lobby' };
    }
    if (word === 's' && lobby.startNow) {
      const now = lobby.startNow();
      say(now.ok ? 'Starting with the players here…' : now.reason);
    } else if (word === 'b' && lobby.fillWithBots) {
      if (!isRiscBotKind(kind)) say(`"${kind}": the RISC bots are ${RISC_BOT_LIST}`);
      else {
        const filled = await lobby.fillWithBots(kind);
        say(filled.ok ? `${filled.added} ${kind} bot${filled.added === 1 ? '' : 's'} join.` : filled.reason);
      }
    } else say('Only the host starts the game or adds bots; waiting for the host (q leaves).');
  }
}

/** Plays a match from its player's seat, asking on the input. */
async function playPlain(match: RiscMatch, reader: LineReader, say: (t: string) => void): Promise<number> {
  const ask = async (question: string): Promise<string | null> => {
    say(question);
    return reader.next();
  };
  const me = match.me;
  const you: RiscSeat = {
    name: match.players[me]?.name ?? 'you',
    kind: 'human',
    async place(state, player) {
      say(
        `\nPlacement: put your ${state.startUnits} units on your ${newPlacing(state, player).territories.length} territories. No one sees where until all have placed.\n`,
      );
      say(stateLines(state, player).join('\n'));
      let placing = newPlacing(state, player);
      for (;;) {
        const line = await ask(placementPrompt(state, placing));
        if (line === null) return null;
        const r = answerPlacement(state, placing, line);
        if (r.kind === 'quit') return null;
        if (r.kind === 'done') {
          say('Placement committed. Waiting for the others…');
          return r.placement;
        }
        if (r.message) say(r.message);
        placing = r.placing;
      }
    },
    async orders(state, player) {
      say(`\n=== Turn ${state.turn}${state.turnLimit !== null ? ` of ${state.turnLimit}` : ''} ===\n`);
      say(stateLines(state, player).join('\n'));
      let planning: Planning = NEW_PLANNING;
      for (;;) {
        const line = await ask(orderPrompt(state, player, planning));
        if (line === null) return null;
        const r = answerOrder(state, player, planning, line);
        if (r.kind === 'quit') return null;
        if (r.kind === 'done') {
          say(`Orders committed (${r.orders.length}). Waiting for the others…`);
          return r.orders;
        }
        if (r.message) say(r.message);
        planning = r.planning;
      }
    },
  };
  say(`\n${riscRules(match.terms.turnLimit)}\n`);
  for (const note of match.notes) say(note);
  const end = await match.play(you, {
    onExecuted: (state, turn, events) => {
      say(`\n${turnLines(state, turn, events).join('\n')}`);
      if (events.some((e) => e.kind === 'lost' && e.player === me) && state.phase !== 'over')
        say('You have lost. The others play on; watch, or close the input to leave.');
    },
    onNote: say,
  });
  if (end.how === 'left') {
    say('You left the game.');
    return 0;
  }
  if (end.state !== null && end.how === 'over') say(`\n${stateLines(end.state, me).join('\n')}`);
  for (const line of endText(end, me)) say(line);
  return end.how === 'broken' ? 1 : 0;
}
