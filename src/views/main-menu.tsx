// The main menu: arrow keys and Enter, or the item's number.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { isCtrlC } from './keys.js';

export const MENU_ITEMS = [
  { id: 'quick', label: 'Quick game', hint: 'you against three bots, no questions asked' },
  { id: 'host', label: 'Host a game', hint: 'others join you over the network' },
  { id: 'join', label: 'Join a game', hint: 'type the address a host shows you' },
  { id: 'hotseat', label: 'Hot seat', hint: 'several players at this keyboard' },
  { id: 'help', label: 'How to play', hint: 'the rules in short, and the keys' },
  { id: 'resume', label: 'Resume', hint: 'go on with a saved game, or rejoin a networked one' },
  { id: 'stats', label: 'Stats', hint: 'wins, dice luck and charts of the stored games' },
  { id: 'risc', label: 'RISC', hint: 'everyone orders at once, in secret: you against two bots' },
  { id: 'web', label: 'In the browser', hint: 'the same games on a map you click, in a page on this machine' },
  { id: 'settings', label: 'Settings', hint: 'your name, colours, dice, bots and house rules' },
  { id: 'quit', label: 'Quit', hint: '' },
] as const;

export type MenuChoice = (typeof MENU_ITEMS)[number]['id'];

export function MainMenu({ onChoose, notice }: { onChoose: (choice: MenuChoice) => void; notice?: string | null }) {
  const [selected, setSelected] = useState(0);
  useInput((input, key) => {
    if (isCtrlC(input, key) || input === 'q') return onChoose('quit');
    if (input === '?') return onChoose('help');
    if (key.upArrow) setSelected((s) => (s + MENU_ITEMS.length - 1) % MENU_ITEMS.length);
    if (key.downArrow || key.tab) setSelected((s) => (s + 1) % MENU_ITEMS.length);
    if (key.return) onChoose(MENU_ITEMS[selected]!.id);
    const n = Number(input);
    if (Number.isInteger(n) && n >= 1 && n <= MENU_ITEMS.length) onChoose(MENU_ITEMS[n - 1]!.id);
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>RISK — peer-to-peer world domination</Text>
      <Text dimColor>every peer checks every move and helps roll every die</Text>
      <Text> </Text>
      {MENU_ITEMS.map((item, i) => (
        <Text key={item.id}>
          <Text inverse={i === selected} bold={i === selected}>
            {i === selected ? '▸ ' : '  '}
            {String(i + 1).padStart(String(MENU_ITEMS.length).length)}. {item.label}
          </Text>
          {item.hint ? <Text dimColor>{`  ${item.hint}`}</Text> : null}
        </Text>
      ))}
      <Text> </Text>
      {notice ? <Text>{notice}</Text> : null}
      <Text dimColor>↑↓ and Enter, or the number · ? how to play · q quit</Text>
    </Box>
  );
}
