// A one-line text field. The screen owns the keys; editText applies one to the text.
import type { Key } from 'ink';
import { Text } from 'ink';

/** The text after one key, or null when the key is not an edit (Enter, Esc, arrows, Tab…). */
export function editText(value: string, input: string, key: Key, maxLength = 200): string | null {
  if (key.backspace || key.delete) return value.slice(0, -1);
  if (
    key.return ||
    key.escape ||
    key.tab ||
    key.upArrow ||
    key.downArrow ||
    key.leftArrow ||
    key.rightArrow ||
    key.ctrl ||
    key.meta
  )
    return null;
  const printable = [...input].filter((ch) => ch >= ' ' && ch !== '\x7f').join('');
  if (printable === '') return null;
  return (value + printable).slice(0, maxLength);
}

export function TextField({
  label,
  value,
  focus,
  placeholder = '',
}: {
  label: string;
  value: string;
  focus: boolean;
  placeholder?: string;
}) {
  return (
    <Text>
      <Text bold={focus}>
        {focus ? '▸ ' : '  '}
        {label}:{' '}
      </Text>
      {value === '' && !focus ? <Text dimColor>{placeholder}</Text> : <Text underline={focus}>{value}</Text>}
      {focus ? <Text inverse> </Text> : null}
      {value === '' && focus && placeholder ? <Text dimColor> {placeholder}</Text> : null}
    </Text>
  );
}
