// The hard bot's evaluation weights, one table per kind of position (outlook.ts), in the order of
// FEATURE_NAMES (features.ts).
import type { Evaluations } from './outlook.js';

const MULTI = [
  0.7735, 3.0357, 0.3512, 0.4064, 0.7672, 1.9837, 3.2318, 0.007, -1.4217, -0.1037, 0.086, 0.0524, -0.8512, 0.6764, 3,
];

export const EVALUATIONS: Evaluations = {
  duel: [2.699, 1.2586, 1.3822, 1.0785, 0.281, 0.5194, 0, 0, 0, 0, 0, 0.8102, 0, 0, 3],
  neutral: [
    0.8317, 2.6693, 1.5642, 0.7972, 0.6204, 0.6248, 0.0216, -0.4302, -0.3827, -0.1941, -0.0933, 0.3505, -0.3883, 0, 3,
  ],
  three: [
    1.9338, 3.0357, 0.3512, 0.4064, 0.7672, 1.9837, 3.2318, 0.007, -1.4217, -0.1037, 0.086, 0.0524, -0.8512, 0.6764, 3,
  ],
  four: MULTI,
  more: MULTI,
};
