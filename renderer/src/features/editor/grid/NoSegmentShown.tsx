import { useEffect, useRef } from 'react';

interface NoSegmentShownProps {
  /** Why no segment is shown, in words. */
  message: string;
  onShowAll: () => void;
  testId: string;
  showAllTestId: string;
}

/**
 * What the grid shows when a filter leaves no segment. The focus stays where it is (a search
 * being typed); with nowhere to be (the target it was in is gone), it comes to the way out.
 */
export function NoSegmentShown({ message, onShowAll, testId, showAllTestId }: NoSegmentShownProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) ref.current?.focus();
  }, []);
  return (
    <div className="editor-filter-empty" data-testid={testId}>
      <p>{message}</p>
      <button
        ref={ref}
        type="button"
        className="button button-small"
        onClick={onShowAll}
        data-testid={showAllTestId}
      >
        Show all segments
      </button>
    </div>
  );
}
