// Small pieces the Host and Join forms share.
import { type MutableRefObject, useEffect, useRef } from 'react';

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

/** The next (step 1) or previous (step -1) field of a form, wrapping around. */
export function cycleField<F extends string>(order: readonly F[], current: F, step: 1 | -1): F {
  return order[(order.indexOf(current) + step + order.length) % order.length]!;
}
