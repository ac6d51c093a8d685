import { useEditorStore } from '../editor-store';

/**
 * The warnings of the confirm just done: they inform, they never block. A confirm refused before
 * it was sent (an empty target) says why here too.
 */
export function QaNotice() {
  const lastQa = useEditorStore((state) => state.lastQa);
  const refusal = useEditorStore((state) => state.refusal);
  return (
    <div role="status" data-testid="editor-qa-status">
      {refusal ? (
        <p className="notice notice-warning editor-qa" data-testid="editor-confirm-refused">
          {refusal.message}
        </p>
      ) : null}
      {lastQa ? (
        <div className="notice notice-warning editor-qa" data-testid="editor-qa">
          <p className="notice-title">
            Segment {lastQa.number} was confirmed with{' '}
            {lastQa.warnings.length === 1
              ? 'a QA warning'
              : `${lastQa.warnings.length} QA warnings`}
            :
          </p>
          <ul>
            {lastQa.warnings.map((warning) => (
              <li key={warning.code} data-testid="editor-qa-warning" data-code={warning.code}>
                {warning.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
