import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: while the translator types, a keystroke
 * only restarts a timer. The first value is settled at once.
 */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
