// Why something could not be done, in plain words, what to do about it, and the keys: the screen
// a host, a join or a game start shows when it fails.
import { Box, Text } from 'ink';
import { adviceFor, plainReason } from './launcher.js';

export function Failure({ title, reason, hint }: { title: string; reason: string; hint: string }) {
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{title}</Text>
      <Text>{plainReason(reason)}</Text>
      <Text> </Text>
      <Text>{adviceFor(reason)}</Text>
      <Text> </Text>
      <Text dimColor>{hint}</Text>
    </Box>
  );
}
