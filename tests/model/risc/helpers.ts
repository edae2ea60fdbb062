// Small boards and scripted dice for the RISC rule tests.
import type { Board } from '../../../src/model/board.js';
import type { Dice } from '../../../src/model/dice.js';
import { loadBoard } from '../../../src/model/map-file.js';
import type { RiscState } from '../../../src/model/risc/index.js';

/** A path 0-1-2-3-4-5, and 6 joined to 2 and 4. */
export function pathBoard(): Board {
  const loaded = loadBoard({
    continents: { '0': [0, 1, 2, 3, 4, 5, 6] },
    connections: [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [2, 6],
      [4, 6],
    ],
    continent_values: { '0': 0 },
    country_names: { '0': 'A', '1': 'B', '2': 'C', '3': 'D', '4': 'E', '5': 'F', '6': 'G' },
    country_card: { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0 },
  });
  if (!loaded.ok) throw new Error(loaded.reason);
  return loaded.value;
}

export function stateOn(board: Board, owner: number[], units: number[], players = 1 + Math.max(...owner)): RiscState {
  return {
    board,
    players: Array.from({ length: players }, (_, id) => ({ id, name: `P${id}` })),
    owner,
    units,
    phase: 'orders',
    turn: 1,
    startUnits: 10,
    lost: Array.from({ length: players }, () => false),
    expelled: Array.from({ length: players }, () => false),
    winner: null,
    turnLimit: null,
  };
}

/** Dice that return scripted d20 faces (1–20) and scripted shuffles; running out is a test bug. */
export function scriptedDice(faces: number[], shuffles: number[][] = []): Dice & { facesLeft(): number } {
  const f = [...faces];
  const s = [...shuffles];
  return {
    die: () => {
      throw new Error('RISC uses d20 only');
    },
    below(n) {
      if (n !== 20) throw new Error(`unexpected below(${n})`);
      const face = f.shift();
      if (face === undefined) throw new Error('scripted dice ran out');
      return face - 1;
    },
    shuffle(n) {
      const p = s.shift();
      if (p === undefined || p.length !== n) throw new Error(`unexpected shuffle(${n})`);
      return p;
    },
    facesLeft: () => f.length,
  };
}
