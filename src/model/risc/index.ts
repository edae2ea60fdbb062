export * from './map.js';
export * from './state.js';
export * from './orders.js';
export * from './execute.js';
