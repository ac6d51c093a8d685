import { findCodeSpans } from '../../../shared/inline-codes';
import './match.css';

/**
 * Text with its inline tags and placeholders (shared/inline-codes.ts) set apart, so they read as
 * codes, not words.
 */
export function TaggedText({ text }: { text: string }) {
  const codes = findCodeSpans(text);
  if (codes.length === 0) return <>{text}</>;
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end } of codes) {
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(
      <span key={start} className="tm-code">
        {text.slice(start, end)}
      </span>,
    );
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <>{pieces}</>;
}
