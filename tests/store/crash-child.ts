// A local game process for the crash test (crash.test.ts): plays (or resumes) a stored two-bot
// game in the database named by argv[2], printing the number of its stored steps after each one
// is written, until the game ends or the process is killed.
import { createBot } from '../../src/ai/registry.js';
import { botSeat } from '../../src/ai/seat.js';
import { classicBoard } from '../../src/model/index.js';
import { seededDice } from '../../src/protocol/random.js';
import { loadResumable } from '../../src/sessions/local-resume.js';
import { LocalSession } from '../../src/sessions/local-session.js';
import { type GameHandle, GameStore } from '../../src/store/store.js';

const [path, seedText] = process.argv.slice(2);
const opened = GameStore.open(path!);
if (!opened.ok) {
  process.stderr.write(`${opened.reason}\n`);
  process.exit(3);
}
const store = opened.store;
const seed = Number(seedText ?? 1);
const seats = [0, 1].map((i) =>
  botSeat(createBot('easy', seededDice(seed + i)), seededDice(seed + 7 + i), { deadlineMs: 60_000 }),
);
const dice = seededDice(seed); // unused: a stored game rolls from its round numbers

const [playing] = store.games({ status: 'playing', kinds: ['hotseat'] });
let handle: GameHandle;
let session: LocalSession;
let written: number;
if (playing) {
  const resumable = loadResumable(store, String(playing.id));
  if (!resumable.ok) {
    process.stderr.write(`${resumable.reason}\n`);
    process.exit(4);
  }
  handle = store.continueGame(playing.id);
  written = resumable.game.steps.length;
  session = new LocalSession({
    board: classicBoard(),
    seats,
    dice,
    record: handle,
    resume: { state: resumable.state, index: resumable.index },
  });
} else {
  handle = store.openGame({
    kind: 'hotseat',
    players: [
      { name: 'Ann', botKind: 'easy' },
      { name: 'Bea', botKind: 'easy' },
    ],
  });
  written = 0;
  session = new LocalSession({ board: classicBoard(), seats, dice, record: handle });
}
const step = handle.step.bind(handle);
handle.step = (action, numbers) => {
  step(action, numbers);
  written++;
  process.stdout.write(`${handle.id} ${written}\n`);
};
process.stdout.write(`ready ${handle.id} ${written}\n`);
const result = await session.run();
store.close();
process.stdout.write(`winner ${handle.id} ${result.winner}\n`);
