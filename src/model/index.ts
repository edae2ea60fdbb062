export * from './board.js';
export * from './cards.js';
export * from './dice.js';
export * from './options.js';
export * from './queries.js';
export * from './reducer.js';
export * from './state.js';
export * from './game.js';
