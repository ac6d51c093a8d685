import { TaggedText } from './TaggedText';
import type { DiffPart } from './word-diff';

/** Whitespace before a changed word stays outside its mark, so the underline starts at the word. */
function splitSpace(text: string): [string, string] {
  const body = text.trimStart();
  return [text.slice(0, text.length - body.length), body];
}

/**
 * A match's source marked against the query: words only in the match struck through in red,
 * words only in the query underlined in green. Screen readers hear which is which.
 */
export function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.op === 'equal') return <TaggedText key={index} text={part.text} />;
        const [leading, body] = splitSpace(part.text);
        const isDelete = part.op === 'delete';
        // A replaced first word has no space before it: one keeps `Opens` and `Moves` apart.
        const space = !isDelete && !leading && parts[index - 1]?.op === 'delete' ? ' ' : leading;
        const Mark = isDelete ? 'del' : 'ins';
        return (
          <span key={index}>
            {space}
            <Mark
              className={isDelete ? 'diff-del' : 'diff-ins'}
              data-testid={isDelete ? 'diff-del' : 'diff-ins'}
            >
              <span className="visually-hidden">
                {isDelete ? '[only in the match: ' : '[only in your text: '}
              </span>
              <TaggedText text={body} />
              <span className="visually-hidden">]</span>
            </Mark>
          </span>
        );
      })}
    </>
  );
}
