// How to play: the rules in short and the keys, for the help screen and the plain view's "rules".

export const RULES_SUMMARY: readonly string[] = [
  'Goal: own all 42 territories. A player with no territories is out.',
  'Setup: in turn, each player claims an empty territory with 1 army; when all are claimed,',
  '  each places the rest of their starting armies one at a time on their own territories.',
  'Each turn has three parts:',
  '  1. Reinforce: max(3, territories ÷ 3) armies, plus a bonus for each whole continent',
  '     (N. America 5, S. America 2, Europe 5, Africa 3, Asia 7, Australia 2). Trade a set of',
  '     3 cards (three alike, one of each, or two and a wildcard) for 4, 6, 8, 10, 12, 15, +5…',
  '     armies; with 5 or more cards at the start of a turn you must trade.',
  '  2. Attack (as often as you like): from a territory with 2+ armies to a neighbouring enemy.',
  '     Roll 1–3 dice (fewer than your armies there); the defender rolls 1–2. Highest dice are',
  '     compared in pairs; each lost pair costs one army; ties go to the defender. Take the',
  '     last army and you move in at least as many armies as dice you rolled.',
  '  3. Fortify (optional, ends the turn): move armies from one territory to a neighbour you own.',
  'A turn with at least one conquest earns a card. Knock a player out and you take their cards.',
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
  'h             the game\'s history: every battle, who took what; ↑↓ PgUp PgDn scroll',
  'd             (in this help) defend by hand, or automatically with the most dice (the default)',
  'p             (in this help) let the computer play your turns, or take them back',
  '?             this help (the game waits while it is open, except on the network)',
  'q, Ctrl-C     leave the game (asks first)',
];
