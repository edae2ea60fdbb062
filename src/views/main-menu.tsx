// The main menu: arrow keys and Enter, or the item's number.
import { ChoiceMenu } from './choice-menu.js';
import { isCtrlC } from './keys.js';

export const MENU_ITEMS = [
  { id: 'quick', label: 'Quick game', hint: 'you against three bots, no questions asked' },
  { id: 'host', label: 'Host a game', hint: 'others join you over the network' },
  { id: 'join', label: 'Join a game', hint: 'type the address a host shows you' },
  { id: 'hotseat', label: 'Hot seat', hint: 'several players at this keyboard' },
  { id: 'help', label: 'How to play', hint: 'the rules in short, and the keys' },
  { id: 'resume', label: 'Resume', hint: 'go on with a saved game, or rejoin a networked one' },
  { id: 'stats', label: 'Stats', hint: 'wins, dice luck and charts of the stored games' },
  { id: 'risc', label: 'RISC', hint: 'everyone orders at once, in secret: against bots, or host and join' },
  { id: 'web', label: 'In the browser', hint: 'the same games on a map you click, in a page on this machine' },
  { id: 'settings', label: 'Settings', hint: 'your name, colours, dice, bots and house rules' },
  { id: 'quit', label: 'Quit', hint: '' },
] as const;

export type MenuChoice = (typeof MENU_ITEMS)[number]['id'];

export function MainMenu({ onChoose, notice }: { onChoose: (choice: MenuChoice) => void; notice?: string | null }) {
  return (
    <ChoiceMenu
      title="RISK — peer-to-peer world domination"
      subtitle="every peer checks every move and helps roll every die"
      items={MENU_ITEMS}
      footer="↑↓ and Enter, or the number · ? how to play · q quit"
      notice={notice ?? null}
      onChoose={onChoose}
      shortcut={(input, key) => (isCtrlC(input, key) || input === 'q' ? 'quit' : input === '?' ? 'help' : null)}
    />
  );
}
