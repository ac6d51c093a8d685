import { TaggedText } from '../../../components/TaggedText';
import type { ReplacePiece } from './replace-text';

/**
 * A target before or after a replace: the replaced hits struck through in red (before) or the
 * text put in their place underlined in green (after). Screen readers hear which is which.
 */
export function ChangeText({
  pieces,
  side,
}: {
  pieces: readonly ReplacePiece[];
  side: 'before' | 'after';
}) {
  const isBefore = side === 'before';
  const Mark = isBefore ? 'del' : 'ins';
  return (
    <>
      {pieces.map((piece, index) => {
        if (typeof piece === 'string') return <TaggedText key={index} text={piece} />;
        const text = isBefore ? piece.removed : piece.inserted;
        // An empty replacement still shows where the hit was.
        if (text === '') return null;
        return (
          <Mark
            key={index}
            className={isBefore ? 'diff-del' : 'diff-ins'}
            data-testid={isBefore ? 'replace-removed' : 'replace-inserted'}
          >
            <span className="visually-hidden">{isBefore ? '[replaced: ' : '[new: '}</span>
            <TaggedText text={text} />
            <span className="visually-hidden">]</span>
          </Mark>
        );
      })}
    </>
  );
}
