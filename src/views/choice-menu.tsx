// A menu of choices: arrow keys and Enter, or the item's number; `shortcut` maps other keys to a
// choice (q to quit, ? for help, …). The main menu and RISC's menu are ones.
import { Box, type Key, Text, useInput } from 'ink';
import { useState } from 'react';

export interface Choice<I extends string> {
  readonly id: I;
  readonly label: string;
  readonly hint: string;
}

export function ChoiceMenu<I extends string>({
  title,
  subtitle,
  items,
  footer,
  notice,
  onChoose,
  shortcut,
}: {
  title: string;
  subtitle: string;
  items: readonly Choice<I>[];
  footer: string;
  notice?: string | null;
  onChoose: (choice: I) => void;
  shortcut: (input: string, key: Key) => I | null;
}) {
  const [selected, setSelected] = useState(0);
  useInput((input, key) => {
    const short = shortcut(input, key);
    if (short !== null) return onChoose(short);
    if (key.upArrow) setSelected((s) => (s + items.length - 1) % items.length);
    if (key.downArrow || key.tab) setSelected((s) => (s + 1) % items.length);
    if (key.return) onChoose(items[selected]!.id);
    const n = Number(input);
    if (Number.isInteger(n) && n >= 1 && n <= items.length) onChoose(items[n - 1]!.id);
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{title}</Text>
      <Text dimColor>{subtitle}</Text>
      <Text> </Text>
      {items.map((item, i) => (
        <Text key={item.id}>
          <Text inverse={i === selected} bold={i === selected}>
            {i === selected ? '▸ ' : '  '}
            {String(i + 1).padStart(String(items.length).length)}. {item.label}
          </Text>
          {item.hint ? <Text dimColor>{`  ${item.hint}`}</Text> : null}
        </Text>
      ))}
      <Text> </Text>
      {notice ? <Text>{notice}</Text> : null}
      <Text dimColor>{footer}</Text>
    </Box>
  );
}
