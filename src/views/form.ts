// Small pieces the Host and Join forms share.
import { type MutableRefObject, useEffect, useRef, useState } from 'react';

/** A ref that turns false when the screen goes away, so late answers from the network are dropped. */
export function useMounted(): MutableRefObject<boolean> {
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  return live;
}

/**
 * A form field's state that every key of one burst sees at once (a paste of an address and Enter
 * arrives as one input): the value to draw, its setter, and the value as the last key left it.
 */
export function useField<T>(initial: T): readonly [T, (next: T) => void, () => T] {
  const ref = useRef(initial);
  const [value, setValue] = useState(initial);
  const set = (next: T) => {
    ref.current = next;
    setValue(next);
  };
  return [value, set, () => ref.current];
}

/** The next (step 1) or previous (step -1) field of a form, wrapping around. */
export function cycleField<F extends string>(order: readonly F[], current: F, step: 1 | -1): F {
  return order[(order.indexOf(current) + step + order.length) % order.length]!;
}
