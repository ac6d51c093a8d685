import { useEffect, useState } from 'react';

// Past this, what waits for the frame goes anyway (a hidden window draws no frames).
const LONGEST_WAIT_MS = 200;

/**
 * False until what renders while `isShown` has been painted, then true for good. An open
 * document's first frame is one long task on the main thread: what that frame does not show (the
 * next page, the active segment's lookups, comments, QA ignores, the breadcrumb's project list)
 * waits for this, so it is asked for after the frame instead of making it later.
 */
export function useAfterFirstPaint(isShown = true): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    if (!isShown || isPainted) return;
    const done = () => setPainted(true);
    // A frame's callbacks run before it is painted; a task queued from one runs after.
    let afterFrame = 0;
    const frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, LONGEST_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterFrame);
      clearTimeout(fallback);
    };
  }, [isShown, isPainted]);
  return isPainted;
}
