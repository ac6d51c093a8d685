import { useMemo } from 'react';
import { rangeParts } from './range-parts';

interface MarkedTextProps {
  text: string;
  ranges: readonly (readonly [number, number])[];
}

/** A text with its ranges in <mark> (the server's hit ranges: nothing is parsed again here). */
export function MarkedText({ text, ranges }: MarkedTextProps) {
  const parts = useMemo(() => rangeParts(text, ranges), [text, ranges]);
  return (
    <>
      {parts.map((part, index) =>
        part.isMarked ? (
          <mark key={index} className="concordance-mark" data-testid="concordance-mark">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
