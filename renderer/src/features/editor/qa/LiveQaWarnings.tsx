import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Segment } from '../../../../../shared/api/segments';
import { useAfterFirstPaint } from '../loading/use-after-first-paint';
import { indexIgnores, shownWarnings } from './ignores';
import type { QaLanguages } from './qa';
import { qaIgnoreQueries } from './qa-ignore-queries';
import { useLiveQa } from './use-live-qa';
import './qa.css';

interface LiveQaWarningsProps {
  segment: Segment;
  /** What the target editor holds now (the draft, or the saved target). */
  text: string;
  languages: QaLanguages;
}

/** The active segment's QA warnings under its target, updated as the translator types. */
export function LiveQaWarnings({ segment, text, languages }: LiveQaWarningsProps) {
  const warnings = useLiveQa(segment, text, languages);
  const documentId = segment.document_id ?? 0;
  // Read after the row's first frame (a document's open); once cached, shown at once.
  const isPainted = useAfterFirstPaint();
  const ignores = useQuery({
    ...qaIgnoreQueries.list(documentId),
    enabled: documentId > 0 && isPainted,
  });
  const index = useMemo(() => indexIgnores(ignores.data), [ignores.data]);
  const shown = shownWarnings(index, segment.id, warnings, text);
  return (
    <div className="editor-live-qa" role="status" aria-live="polite" data-testid="live-qa">
      {shown.length > 0 ? (
        <ul aria-label="QA warnings">
          {shown.map((warning) => (
            <li key={warning.code} data-testid="live-qa-warning" data-code={warning.code}>
              <span aria-hidden="true">⚠ </span>
              {warning.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
