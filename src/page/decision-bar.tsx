// The question of the moment under the map: what is asked, the odds of an attack, and a control for
// each answer (each names its key too). Every button makes the move step the key makes.
import { maxDefendDice } from '../model/index.js';
import type { PromptText } from '../views/prompt-text.js';
import { cardName, setBonus } from '../views/prompt-text.js';
import {
  amountRange,
  amountValue,
  cardsView,
  type Decision,
  plannedArmies,
  type TurnInput,
  type UiKey,
} from '../views/turn-input.js';
import { withAmount } from './picking.js';

export interface DecisionBarProps {
  readonly decision: Decision;
  readonly input: TurnInput;
  readonly name: (player: number) => string;
  readonly prompt: PromptText;
  readonly onInput: (input: TurnInput) => void;
  /** A key pressed on the move (`from`: on this step of it instead of the one shown). */
  readonly onKey: (key: UiKey, from?: TurnInput) => void;
  /** Several people share this screen: say whose move it is. */
  readonly several: boolean;
}

const ENTER: UiKey = { name: 'enter' };
const ESCAPE: UiKey = { name: 'escape' };
const TAB: UiKey = { name: 'tab' };

function Key({
  label,
  keyName,
  onClick,
  primary = false,
  testId,
}: {
  label: string;
  keyName?: string;
  onClick: () => void;
  primary?: boolean;
  testId?: string;
}) {
  return (
    <button type="button" className={primary ? 'primary' : ''} onClick={onClick} data-testid={testId}>
      {label}
      {keyName ? <kbd>{keyName}</kbd> : null}
    </button>
  );
}

export function DecisionBar(props: DecisionBarProps) {
  const { decision, input, prompt, onKey } = props;
  const { state, player } = decision;
  const step = input.step;
  const range = amountRange(decision, step);
  const value = amountValue(decision, step);
  const setAmount = (v: number) => props.onInput(withAmount(decision, input, v));
  // A dice button rolls at once with that many dice: the number set, then Enter.
  const rollWith = (n: number) => onKey(ENTER, withAmount(decision, input, n));
  const left = state.toDeploy - [...plannedArmies(step).values()].reduce((a, b) => a + b, 0);

  const controls: React.ReactNode[] = [];
  switch (step.kind) {
    case 'setup':
      controls.push(
        <Key
          key="auto"
          label="Place the rest automatically"
          keyName="Tab"
          onClick={() => onKey(TAB)}
          testId="auto-setup"
        />,
      );
      break;
    case 'cards': {
      const view = cardsView(decision, step);
      view.options.forEach((set, i) => {
        const bonus = setBonus(state, player, set);
        controls.push(
          <Key
            key={`set-${set.join('-')}`}
            label={`Trade ${set.map((c) => cardName(state.board, c)).join(' + ')} for ${view.nextValue}${bonus.length > 0 ? ' (+2)' : ''}`}
            keyName={String(i + 1)}
            primary={i === 0}
            onClick={() => onKey({ name: 'char', char: String(i + 1) })}
            testId="trade"
          />,
        );
      });
      if (view.limit === null)
        controls.push(
          <Key
            key="none"
            label={step.chosen.length > 0 ? 'Trade the sets chosen' : 'No trade'}
            keyName="Tab"
            onClick={() => onKey(TAB)}
            testId="no-trade"
          />,
        );
      if (step.chosen.length > 0)
        controls.push(<Key key="clear" label="Clear" keyName="Esc" onClick={() => onKey(ESCAPE)} />);
      break;
    }
    case 'deploy':
      if (step.amount === null) {
        if (input.cursor >= 0 && state.owner[input.cursor] === player)
          controls.push(
            <Key
              key="all"
              label={`Place all ${left} on ${state.board.territories[input.cursor]!.name}`}
              keyName="Tab"
              onClick={() => onKey(TAB)}
              testId="deploy-all"
            />,
          );
        if (step.plan.length > 0)
          controls.push(<Key key="undo" label="Undo the last placement" keyName="Esc" onClick={() => onKey(ESCAPE)} />);
      }
      break;
    case 'deploy-confirm':
      controls.push(
        <Key
          key="send"
          label="Send this deployment"
          keyName="Enter"
          primary
          onClick={() => onKey(ENTER)}
          testId="deploy-send"
        />,
      );
      controls.push(<Key key="undo" label="Undo the last placement" keyName="Esc" onClick={() => onKey(ESCAPE)} />);
      break;
    case 'attack-from':
    case 'attack-to':
      if (step.kind === 'attack-to')
        controls.push(<Key key="back" label="Back" keyName="Esc" onClick={() => onKey(ESCAPE)} />);
      controls.push(
        <Key key="end" label="End attacks" keyName="Tab" onClick={() => onKey(TAB)} testId="end-attacks" />,
      );
      break;
    case 'attack-dice':
      for (let n = 1; n <= (range?.max ?? 0); n++)
        controls.push(
          <Key
            key={`roll-${n}`}
            label={`Roll ${n} ${n === 1 ? 'die' : 'dice'}`}
            keyName={String(n)}
            primary={n === range?.max}
            onClick={() => rollWith(n)}
            testId={`roll-${n}`}
          />,
        );
      controls.push(
        <Key
          key="blitz"
          label="Blitz…"
          keyName="b"
          onClick={() => onKey({ name: 'char', char: 'b' })}
          testId="blitz"
        />,
      );
      controls.push(<Key key="back" label="Back" keyName="Esc" onClick={() => onKey(ESCAPE)} />);
      controls.push(
        <Key key="end" label="End attacks" keyName="Tab" onClick={() => onKey(TAB)} testId="end-attacks" />,
      );
      break;
    case 'fortify-from':
    case 'fortify-to':
      controls.push(
        <Key
          key="end"
          label="End the turn without moving"
          keyName="Tab"
          onClick={() => onKey(TAB)}
          testId="end-turn"
        />,
      );
      controls.push(<Key key="back" label="Back" keyName="Esc" onClick={() => onKey(ESCAPE)} />);
      break;
    case 'defend': {
      const most = maxDefendDice(state, state.pendingAttack!.to);
      for (let n = 1; n <= most; n++)
        controls.push(
          <Key
            key={`d-${n}`}
            label={`Defend with ${n} ${n === 1 ? 'die' : 'dice'}`}
            keyName={String(n)}
            primary={n === most}
            onClick={() => rollWith(n)}
            testId={`defend-${n}`}
          />,
        );
      controls.push(
        <Key
          key="always"
          label="Always defend with the most dice"
          keyName="a"
          onClick={() => onKey({ name: 'char', char: 'a' })}
        />,
      );
      break;
    }
    default:
      break;
  }

  // A number to choose: a slider and a box, then the step's own button.
  const numbered =
    range !== null &&
    value !== null &&
    step.kind !== 'attack-dice' &&
    step.kind !== 'defend' &&
    'amount' in step &&
    step.amount !== null;
  const finishLabel: Partial<Record<TurnInput['step']['kind'], string>> = {
    deploy: 'Place',
    blitz: 'Blitz',
    'fortify-count': 'Move and end the turn',
    capture: 'Move in',
  };

  return (
    <div className="decision" data-testid="decision" data-step={step.kind}>
      <p className="ask">
        {props.several ? <strong>{props.name(player)}: </strong> : null}
        {prompt.title}
      </p>
      {prompt.detail ? (
        <p className="detail" data-testid="detail">
          {prompt.detail}
        </p>
      ) : null}
      {numbered ? (
        <div className="amount">
          <input
            type="range"
            min={range.min}
            max={range.max}
            value={value}
            aria-label="how many"
            onChange={(e) => setAmount(Number(e.currentTarget.value))}
          />
          <input
            type="number"
            min={range.min}
            max={range.max}
            value={value}
            aria-label="how many"
            data-testid="amount"
            onChange={(e) => setAmount(Number(e.currentTarget.value))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onKey(ENTER);
            }}
          />
          <Key
            label={finishLabel[step.kind] ?? 'OK'}
            keyName="Enter"
            primary
            onClick={() => onKey(ENTER)}
            testId="amount-ok"
          />
          {step.kind !== 'capture' ? <Key label="Back" keyName="Esc" onClick={() => onKey(ESCAPE)} /> : null}
        </div>
      ) : null}
      {controls.length > 0 ? <div className="buttons">{controls}</div> : null}
      {input.message ? (
        <p className="message" role="status">
          {input.message}
        </p>
      ) : null}
      <p className="keys">Keys: {prompt.keys}</p>
    </div>
  );
}
