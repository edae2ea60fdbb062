// How to play: the rules in short and the keys, for the help screen and the plain view's "rules".
// In a game the rules are told as that game plays them (its house rules and variant); in the menu,
// the 1993 rules with the house rules a host may choose.
import { type GameOptions, hasNeutralArmy } from '../model/index.js';

const CONTINENT_BONUSES = '(N. America 5, S. America 2, Europe 5, Africa 3, Asia 7, Australia 2)';

/** The rules of a game with these options; none: the 1993 rules and the house rules on offer. */
export function rulesSummary(options?: GameOptions, territories = 42): string[] {
  if (options === undefined) return [...GENERAL_RULES];
  const o = options;
  const neutral = hasNeutralArmy(o);
  const others = o.capitalsToWin === o.players - 1 ? 'every other capital' : `${o.capitalsToWin} other capitals`;
  const goal =
    o.variant === 'capital'
      ? [
          'Goal (Capital Risk): after the setup everyone picks a capital in secret; all are shown at once',
          `  (⌂ on the map). Hold your own capital and ${others} to win (or own all ${territories} territories).`,
        ]
      : o.variant === 'mission'
        ? [
            'Goal (Secret Mission Risk): complete your secret mission (under the map) and you win at once;',
            '  it is shown to everyone then. A "destroy" mission naming you, or a player someone else',
            '  knocked out, becomes "hold 24 territories". Owning every territory also wins.',
          ]
        : [`Goal: own all ${territories} territories. A player with no territories is out.`];
  const setup = neutral
    ? [
        `Setup: the territories are dealt at random, a third to each player and to a neutral army;`,
        `  then, each setup turn, you place 2 of your ${o.startingArmies} armies and 1 neutral army.`,
        '  The neutral army never attacks and defends with the most dice. Knock out your opponent to win.',
      ]
    : o.setup === 'claim'
      ? [
          'Setup: in turn, each player claims an empty territory with 1 army; when all are claimed,',
          `  each places the rest of their ${o.startingArmies} armies one at a time on their own territories.`,
        ]
      : [
          'Setup: the territories are dealt at random; then each player places the rest of their',
          `  ${o.startingArmies} armies one at a time on their own territories.`,
        ];
  const sets =
    o.cardValues === 'fixed'
      ? '6 (three infantry), 8 (three cavalry), 10 (three artillery) or 10 (one of each) armies'
      : '4, 6, 8, 10, 12, 15, then 5 more for each later set';
  const bonus = o.territoryBonus === 'placed' ? 'puts 2 extra armies there' : 'adds 2 armies to your deployment';
  const bonusLimit = [
    o.territoryBonusCards === 'one' ? 'one such card per set' : 'each such card of a set',
    o.territoryBonusPerTurn === 'one' ? 'at most once a turn' : 'as often as you trade',
  ].join(', ');
  return [
    ...goal,
    ...(o.players === 2 && !neutral ? ['Two players, no neutral army.'] : []),
    ...setup,
    'Each turn has three parts:',
    `  1. Reinforce: max(3, territories ÷ 3) armies, plus a bonus for each whole continent`,
    `     ${CONTINENT_BONUSES}. Trade a set of 3 cards (three alike, one of each,`,
    `     or two and a wildcard) for ${sets};`,
    `     with ${o.forcedTradeAt} or more cards at the start of a turn you must trade. A traded card showing`,
    `     a territory you own ${bonus} (${bonusLimit}).`,
    '  2. Attack (as often as you like): from a territory with 2+ armies to a neighbouring enemy.',
    '     Roll 1–3 dice (fewer than your armies there); the defender rolls 1–2. Highest dice are',
    '     compared in pairs; each lost pair costs one army; ties go to the defender. Take the',
    '     last army and you move in at least as many armies as dice you rolled.',
    o.fortify === 'adjacent'
      ? '  3. Fortify (optional, ends the turn): move armies from one territory to a neighbour you own.'
      : '  3. Fortify (optional, ends the turn): move armies to any territory joined to it through your own.',
    `A turn with at least one conquest earns a card${o.emptyDeck === 'none' ? ' (none once the pile is empty)' : ''}. Knock a player out and you`,
    o.eliminationTrade === 'to_four'
      ? '  take their cards; with 6 or more you trade at once, only until you hold 4 or fewer.'
      : '  take their cards; with 6 or more you trade at once, any sets that leave you 4 or fewer.',
    'Dotted lines on the map are sea routes; ◄┄ and ┄► join Alaska and Kamchatka.',
  ];
}

const GENERAL_RULES: readonly string[] = [
  "Goal: own all 42 territories (or the variant's goal below). A player with no territories is out.",
  'Setup: in turn, each player claims an empty territory with 1 army; when all are claimed,',
  '  each places the rest of their starting armies one at a time on their own territories.',
  'Each turn has three parts:',
  '  1. Reinforce: max(3, territories ÷ 3) armies, plus a bonus for each whole continent',
  `     ${CONTINENT_BONUSES}. Trade a set of`,
  '     3 cards (three alike, one of each, or two and a wildcard) for 4, 6, 8, 10, 12, 15, +5…',
  '     armies; with 5 or more cards at the start of a turn you must trade. A traded card showing',
  '     a territory you own puts 2 extra armies there: at most 2 extra armies a turn.',
  '  2. Attack (as often as you like): from a territory with 2+ armies to a neighbouring enemy.',
  '     Roll 1–3 dice (fewer than your armies there); the defender rolls 1–2. Highest dice are',
  '     compared in pairs; each lost pair costs one army; ties go to the defender. Take the',
  '     last army and you move in at least as many armies as dice you rolled.',
  '  3. Fortify (optional, ends the turn): move armies from one territory to a neighbour you own.',
  'A turn with at least one conquest earns a card. Knock a player out and you take their cards;',
  '  with 6 or more you trade at once, only until you hold 4 or fewer.',
  'Two players (1993): a neutral army holds a third of the board (14 territories each, dealt at',
  '  random; 40 armies each side). Each setup turn you place 2 armies of your own and 1 neutral.',
  '  The neutral never attacks and defends with the most dice. Knock out your opponent to win.',
  'Capital Risk: after setup everyone picks a capital in secret; all are shown at once (⌂ on the',
  '  map). Hold your own capital and every other (3 others with 5–6 players) to win.',
  'Secret Mission Risk: each player gets a secret mission card; complete it (it is shown then)',
  '  and you win at once. A "destroy" mission naming you, or a player someone else knocked',
  '  out, becomes "hold 24 territories". Your own mission or capital is shown under the map.',
  'House rules a host (or the hot-seat form) may choose: territories dealt at random; fortify',
  '  along a chain of your own territories; fixed card sets (6 infantry, 8 cavalry, 10 artillery,',
  '  10 one of each); two players without the neutral army. In a game, ? tells its own rules.',
  'Dotted lines on the map are sea routes; ◄┄ and ┄► join Alaska and Kamchatka.',
];

export const KEYS_SUMMARY: readonly string[] = [
  '←↑↓→          move between the territories you can choose (others are dimmed)',
  'letters       jump to a territory by name: "ka" finds Kamchatka; again to cycle',
  'Enter         choose / confirm',
  'digits + - ↑↓ set a number of armies or dice',
  'Esc           step back: nothing is sent until the last Enter of a move',
  'Tab           end this part of the turn: stop attacking, end the turn without',
  '              fortifying, place the rest of the armies, or skip a card trade',
  'b             (choosing dice) blitz: attack until the territory falls or yours is down to N',
  "h             the game's history: every battle, who took what; ↑↓ PgUp PgDn scroll",
  'd             (in this help) defend by hand, or automatically with the most dice (the default)',
  'p             (in this help) let the computer play your turns, or take them back',
  '?             this help (the game waits while it is open, except on the network)',
  'q, Ctrl-C     leave the game (asks first)',
];
