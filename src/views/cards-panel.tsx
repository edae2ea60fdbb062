// The viewer's own cards, or, while trading, the sets that can be traded. The hand is for the
// draft: outside the viewer's reinforcement only how many cards they hold is shown.
import { Box, Text } from 'ink';
import { type GameState, setsInHand, setValue } from '../model/index.js';
import { cardName, setBonus, shortCardName } from './prompt-text.js';
import { cardsView, type Decision, type Step } from './turn-input.js';

export function CardsPanel({
  state,
  viewer,
  draft = true,
  trade,
  width,
  height,
  line = false,
}: {
  state: GameState;
  /** Whose cards to show; null hides them (hot seat, between turns). */
  viewer: number | null;
  /** The viewer is drafting (trading and deploying): their hand is shown; otherwise only its size. */
  draft?: boolean;
  /** The trade being chosen, when the viewer is in the cards step. */
  trade: { decision: Decision; step: Extract<Step, { kind: 'cards' }> } | null;
  width: number;
  height: number;
  /** One line: the hand in short words (small terminals). */
  line?: boolean;
}) {
  if (line && trade === null) {
    const hand = viewer === null ? null : state.players[viewer]!.cards;
    return (
      <Text wrap="truncate-end" dimColor={hand === null || hand.length === 0 || !draft}>
        {hand === null
          ? 'Cards: hidden until it is your turn'
          : hand.length === 0
            ? 'Your cards: none yet (conquer a territory to earn one)'
            : !draft
              ? `Your cards: ${hand.length} (shown when you reinforce) · next set ${setValue(state.setsTraded)} armies`
              : `Your cards: ${hand.map((c) => shortCardName(state.board, c)).join(', ')} · next set ${setValue(state.setsTraded)} armies`}
      </Text>
    );
  }
  if (viewer === null) {
    return (
      <Box flexDirection="column" width={width}>
        <Text bold>Cards</Text>
        <Text dimColor>hidden until it is your turn</Text>
      </Box>
    );
  }
  if (trade !== null) {
    const view = cardsView(trade.decision, trade.step);
    const rows = Math.max(1, height - 2);
    const first = Math.max(0, Math.min(trade.step.option - Math.floor(rows / 2), view.options.length - rows));
    return (
      <Box flexDirection="column" width={width}>
        <Text bold wrap="truncate-end">
          Trade a set: {view.nextValue} armies
        </Text>
        {view.options.slice(first, first + rows).map((set, i) => {
          const index = first + i;
          return (
            <Text key={set.join(',')} inverse={index === trade.step.option} wrap="truncate-end">
              {index + 1}) {set.map((c) => shortCardName(state.board, c)).join(' + ')}
              {setBonus(state, trade.decision.player, set).length > 0 ? ' +2' : ''}
            </Text>
          );
        })}
        {view.options.length > rows ? <Text dimColor>{view.options.length} sets in all</Text> : null}
      </Box>
    );
  }
  const hand = state.players[viewer]!.cards;
  const sets = setsInHand(state.board, hand).length;
  const rows = Math.max(1, height - 2);
  if (!draft && hand.length > 0) {
    return (
      <Box flexDirection="column" width={width}>
        <Text bold wrap="truncate-end">
          Your cards ({hand.length}) · next set {setValue(state.setsTraded)} armies
        </Text>
        <Text dimColor wrap="truncate-end">
          shown when you reinforce
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">
        Your cards ({hand.length}){hand.length > 0 ? ` · next set ${setValue(state.setsTraded)} armies` : ''}
      </Text>
      {hand.length === 0 ? <Text dimColor>none yet: conquer a territory to earn one</Text> : null}
      {hand.slice(0, hand.length > rows ? rows - 1 : rows).map((c) => (
        <Text key={c} wrap="truncate-end">
          • {cardName(state.board, c)}
        </Text>
      ))}
      {hand.length > rows ? <Text dimColor>…and {hand.length - rows + 1} more</Text> : null}
      {sets > 0 ? (
        <Text dimColor>{sets === 1 ? 'a set can be traded' : `${sets} sets can be traded`} at your turn's start</Text>
      ) : null}
    </Box>
  );
}
