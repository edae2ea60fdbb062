// A Recorder (the interface networked sessions already write records to) that stores the lines
// in the game database instead of a file. Like fileRecorder, the latest incoming line stays apart
// until the next record, because the session may take it back (unrecord).
//
// Wiring a networked session (not done yet: the session core is being rewritten):
//   const handle = store.openGame({ uid: gameId, kind: 'network' | 'cs3099' | 'bot', me, profile,
//     dice: features.mtDice ? 'mt19937' : 'hash_chain', rules, players: [{ name, peerId, botKind }] });
//   recorder = storeRecorder(handle)            // every line: risk export / risk verify
//   handle.step(action, roundNumbers | null)     // at each commit (draw steps too), the round's [seat, number] pairs
//   handle.unstep()                              // at a rollback
//   handle.finish({ winner, turns })             // at the end: outcome and statistics (from the steps)
// With steps stored, history, stats, replay and a state to resume from work as for local games.
import type { Recorder } from '../recorder.js';
import type { GameHandle } from './store.js';

export function storeRecorder(handle: GameHandle): Recorder {
  let tentative: { from: number; line: string } | null = null;
  const settle = () => {
    if (tentative !== null) handle.append('in', tentative.line, tentative.from);
    tentative = null;
  };
  return {
    path: null,
    incoming: (from, line) => {
      settle();
      tentative = { from, line };
    },
    outgoing: (line) => {
      settle();
      handle.append('out', line);
    },
    unrecord: () => {
      tentative = null;
    },
    // As in fileRecorder: a note goes before a line still being processed.
    note: (fact) => handle.append('note', JSON.stringify(fact)),
    close: settle,
  };
}

/** Both at once: e.g. the record file and the database. */
export function teeRecorder(first: Recorder, second: Recorder): Recorder {
  return {
    path: first.path ?? second.path,
    incoming: (from, line) => (first.incoming(from, line), second.incoming(from, line)),
    outgoing: (line) => (first.outgoing(line), second.outgoing(line)),
    unrecord: () => (first.unrecord(), second.unrecord()),
    note: (fact) => (first.note(fact), second.note(fact)),
    close: () => (first.close(), second.close()),
  };
}
