// How to play: the rules in short and the keys. Opens from anywhere with "?".
import { Box, Text } from 'ink';
import { KEYS_SUMMARY, RULES_SUMMARY } from './rules-text.js';

export function HelpScreen({ closeHint = 'Esc, Enter or ? closes this help' }: { closeHint?: string }) {
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>How to play</Text>
      {RULES_SUMMARY.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
      <Text> </Text>
      <Text bold>Keys</Text>
      {KEYS_SUMMARY.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
      <Text> </Text>
      <Text dimColor>{closeHint}</Text>
    </Box>
  );
}
