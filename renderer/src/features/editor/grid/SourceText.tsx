import { findCodeSpans } from '../../../../../shared/inline-codes';
import { TaggedText } from '../../../components/TaggedText';

/** Non-overlapping `[start, end)` ranges, in order, merged where they touch. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...ranges]
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Ranges widened so that none cuts an inline code in two: a code shows whole, as a code. */
export function aroundCodes(
  text: string,
  ranges: readonly (readonly [number, number])[],
): [number, number][] {
  const codes = ranges.length > 0 ? findCodeSpans(text) : [];
  return ranges.map(([from, to]) => {
    let start = from;
    let end = to;
    for (const code of codes) {
      if (code.start < start && start < code.end) start = code.start;
      if (code.start < end && end < code.end) end = code.end;
    }
    return [start, end];
  });
}

interface SourceTextProps {
  text: string;
  /** Termbase hits to highlight (UTF-16 offsets). */
  highlights?: readonly (readonly [number, number])[];
}

/** A source with its inline codes set apart and its termbase terms highlighted. */
export function SourceText({ text, highlights = [] }: SourceTextProps) {
  const ranges = mergeRanges(aroundCodes(text, highlights));
  if (ranges.length === 0) return <TaggedText text={text} />;
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) pieces.push(<TaggedText key={`t${at}`} text={text.slice(at, start)} />);
    pieces.push(
      <mark key={`m${start}`} className="term-highlight" data-testid="term-highlight">
        <TaggedText text={text.slice(start, end)} />
      </mark>,
    );
    at = end;
  }
  if (at < text.length) pieces.push(<TaggedText key={`t${at}`} text={text.slice(at)} />);
  return <>{pieces}</>;
}
