export * from './execute.js';
export * from './map.js';
export * from './orders.js';
export * from './state.js';
