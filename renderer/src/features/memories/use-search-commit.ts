import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

/**
 * The search to run: what was typed, once typing has paused for a moment, or at once on Enter
 * (`commitNow`). Leading and trailing spaces never start a new search.
 */
export function useSearchCommit(text: string): [string, () => void] {
  const trimmed = text.trim();
  const [committed, setCommitted] = useState(trimmed);
  useEffect(() => {
    const timer = setTimeout(() => setCommitted(trimmed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);
  return [committed, () => setCommitted(trimmed)];
}
