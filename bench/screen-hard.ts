// Screening a change to the hard bot before it goes near the table's seeds: three-player games of
// hard, normal, easy (seats rotated, as `risk tournament` plays them) on screening seeds, with the
// hard bot's weights overridden from the command line. Prints the wins and who went out first.
// Usage: npm run bench:screen -- --seeds 2101-2108 [--games 300] [--part 0/2]
//   [--three 'w0,w1,…'] [--scale 'k=x,…'] [--hard '{json HardWeights fields}']
// --part i/k plays every k-th game from the i-th (split a screen over processes; the sums add).
import { parseArgs } from 'node:util';
import type { Bot } from '../src/ai/bot.js';
import { FEATURE_NAMES } from '../src/ai/features.js';
import { HARD, type HardWeights, hardBot } from '../src/ai/hard.js';
import type { BotKind } from '../src/ai/registry.js';
import { botRng, playTournamentGames } from '../src/ai/tournament.js';
import type { GameState, OptionsInput } from '../src/model/index.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '2101-2108' },
    games: { type: 'string', default: '300' },
    part: { type: 'string', default: '0/1' },
    three: { type: 'string' },
    scale: { type: 'string' },
    hard: { type: 'string' },
    variant: { type: 'string' },
  },
});

const [lo, hi] = values.seeds!.split('-').map(Number) as [number, number];
const seeds = Array.from({ length: (hi ?? lo) - lo + 1 }, (_, i) => lo + i);
const [part, parts] = values.part!.split('/').map(Number) as [number, number];
const games = Number(values.games);

let three = [...HARD.evaluation.three];
if (values.three) three = values.three.split(',').map(Number);
for (const pair of values.scale?.split(',') ?? []) {
  const [name, x] = pair.split('=') as [string, string];
  const k = FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number]);
  if (k < 0) throw new Error(`no feature ${name}`);
  three[k]! *= Number(x);
}
const w: HardWeights = {
  ...HARD,
  evaluation: { ...HARD.evaluation, three },
  ...(values.hard ? (JSON.parse(values.hard) as Partial<HardWeights>) : {}),
};

const bots: BotKind[] = ['hard', 'normal', 'easy'];
const rules: Omit<OptionsInput, 'players'> = values.variant ? { variant: values.variant as 'capital' | 'mission' } : {};
let won = 0;
let played = 0;
const firstOut = new Map<string, [number, number]>();
for (const seed of seeds) {
  for (let game = part; game < games; game += parts) {
    const positionOf = new Map<number, number>();
    let out = '';
    const watch = (bot: Bot, position: number): Bot => {
      const b = position === 0 ? hardBot(botRng(seed, game, 0), w) : bot;
      return {
        kind: b.kind,
        decide(state: GameState, player: number) {
          positionOf.set(player, position);
          if (out === '') {
            const p = state.players.find((x) => x.eliminated);
            if (p && positionOf.has(p.id) && positionOf.has(p.eliminatedBy!))
              out = `${bots[positionOf.get(p.id)!]} out by ${bots[positionOf.get(p.eliminatedBy!)!]}`;
          }
          return b.decide(state, player);
        },
      };
    };
    const [r] = playTournamentGames({ bots, seed, turnCap: 5000, rules }, game, 1, watch);
    const win = r!.winner === 0;
    played++;
    if (win) won++;
    const t = firstOut.get(out) ?? [0, 0];
    firstOut.set(out, [t[0] + (win ? 1 : 0), t[1] + 1]);
  }
}
const tail = [...firstOut].map(([k, [a, b]]) => `${k || 'none'} ${a}/${b}`).join('; ');
console.log(`RESULT ${won} ${played} ${((100 * won) / played).toFixed(1)}% | ${tail}`);
