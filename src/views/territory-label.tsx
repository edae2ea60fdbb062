// One territory's label on the map or in the compact list: styled text, then its padding unstyled
// (so an inverse or underlined cursor covers the name, not the gap after it).
import { Text } from 'ink';
import type { TerritoryLook } from './board-marks.js';
import { type Theme, tint } from './theme.js';

export function TerritoryLabel({ look, theme }: { look: TerritoryLook; theme: Theme }) {
  const label = look.text.trimEnd();
  return (
    <Text>
      <Text
        {...tint(theme, look.color)}
        inverse={look.inverse}
        bold={look.bold}
        dimColor={look.dim}
        underline={look.underline}
      >
        {label}
      </Text>
      {look.text.slice(label.length)}
    </Text>
  );
}
