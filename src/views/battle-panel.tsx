// The last battle: both sides' dice, rolling for a moment and then settling, with the outcome
// in words.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { boxedDice, lossText, outcomeText, pairResults } from './dice-faces.js';
import type { LastBattle } from './table.js';
import { playerColor, tint, useTheme } from './theme.js';

const FRAME_MS = 70;

/** Random faces while rolling (display only; the real dice came from the game). */
const tumble = (count: number) => Array.from({ length: count }, () => 1 + Math.floor(Math.random() * 6));

function useRoll(battle: LastBattle | null, rollMs: number): boolean {
  const [rolling, setRolling] = useState(false);
  const [, setFrame] = useState(0);
  useEffect(() => {
    if (battle === null || rollMs <= 0) return;
    setRolling(true);
    const ticker = setInterval(() => setFrame((f) => f + 1), FRAME_MS);
    const stop = setTimeout(() => {
      clearInterval(ticker);
      setRolling(false);
    }, rollMs);
    return () => {
      clearInterval(ticker);
      clearTimeout(stop);
    };
  }, [battle?.id, rollMs]);
  return rolling;
}

export function BattlePanel({
  battle,
  name,
  width,
  rollMs,
  compact = false,
}: {
  battle: LastBattle | null;
  name: (p: number) => string;
  width: number;
  rollMs: number;
  compact?: boolean;
}) {
  const theme = useTheme();
  const rolling = useRoll(battle, rollMs);
  if (battle === null) {
    return (
      <Box flexDirection="column" width={width}>
        <Text bold>Battle</Text>
        <Text dimColor>no battle yet</Text>
      </Box>
    );
  }
  const b = battle.battle;
  const t = (id: number) => battle.state.board.territories[id]!.name;
  const attackerDice = rolling ? tumble(b.attackerDice.length) : b.attackerDice;
  const defenderDice = rolling ? tumble(b.defenderDice.length) : b.defenderDice;
  const wins = pairResults(b);
  const title = (
    <Text wrap="truncate-end" bold>
      <Text {...tint(theme, playerColor(b.attacker))}>{t(b.from)}</Text> ⚔{' '}
      <Text {...tint(theme, playerColor(b.defender))}>{t(b.to)}</Text>
    </Text>
  );
  const outcome = rolling
    ? 'rolling…'
    : `${outcomeText(b, 'Attacker', 'defender')}${battle.conquered ? ` ${t(b.to)} falls to ${name(b.attacker)}!` : ''}`;
  if (compact) {
    return (
      <Box flexDirection="column" width={width}>
        {title}
        <Text wrap="truncate-end">
          <Text {...tint(theme, playerColor(b.attacker))}>[{attackerDice.join('][')}]</Text> vs{' '}
          <Text {...tint(theme, playerColor(b.defender))}>[{defenderDice.join('][')}]</Text> {outcome}
        </Text>
      </Box>
    );
  }
  const a = boxedDice(attackerDice);
  const d = boxedDice(defenderDice);
  return (
    <Box flexDirection="column" width={width}>
      {title}
      {[0, 1, 2].map((line) => (
        <Text key={line} wrap="truncate-end">
          <Text {...tint(theme, playerColor(b.attacker))}>{a[line]}</Text>
          {line === 1 ? ' vs ' : '    '}
          <Text {...tint(theme, playerColor(b.defender))}>{d[line]}</Text>
        </Text>
      ))}
      <Text wrap="truncate-end" dimColor={rolling}>
        {rolling
          ? ' '
          : wins
              .map(
                (won, i) =>
                  `${b.attackerDice[i]}${won ? '>' : '≤'}${b.defenderDice[i]} ${won ? '✓attacker' : '✓defender'}`,
              )
              .join('  ')}
      </Text>
      {rolling ? (
        <Text dimColor>rolling…</Text>
      ) : (
        <>
          <Text wrap="truncate-end">{lossText(`Attacker (${name(b.attacker)})`, b.attackerLosses)}</Text>
          <Text wrap="truncate-end">{lossText(`Defender (${name(b.defender)})`, b.defenderLosses)}</Text>
          {battle.conquered ? (
            <Text bold wrap="truncate-end">
              {t(b.to)} falls to {name(b.attacker)}!
            </Text>
          ) : null}
        </>
      )}
    </Box>
  );
}
