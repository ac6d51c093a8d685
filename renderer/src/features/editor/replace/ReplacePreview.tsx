import { useState } from 'react';
import { MAX_BATCH_SEGMENTS, MAX_BATCH_TEXT } from '../../../../../shared/api/segments';
import { ModalDialog } from '../../../components/ModalDialog';
import { ChangeText } from './ChangeText';
import type { ReplacePlan } from './replace-plan';
import { useReplaceStore } from './replace-store';
import './replace.css';

/** Rows rendered at first; a long list grows by this many at a time (each row costs a diff view). */
const ROWS_AT_ONCE = 200;

interface ReplacePreviewProps {
  plan: ReplacePlan;
  onApply: (unticked: ReadonlySet<number>) => void;
  onClose: () => void;
  /** Where the focus goes after the dialog when "Replace all…" is busy (disabled) by then. */
  fallbackFocus: () => HTMLElement | null;
}

const plural = (count: number, word: string) =>
  `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;

/**
 * Every segment a "Replace all" would change, before and after, each with a box to leave it out;
 * nothing changes before Apply.
 */
export function ReplacePreview({ plan, onApply, onClose, fallbackFocus }: ReplacePreviewProps) {
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [rows, setRows] = useState(ROWS_AT_ONCE);
  const keepConfirmed = useReplaceStore((state) => state.keepConfirmed);
  const ticked = plan.changes.filter((change) => !unticked.has(change.segment.id));
  const hits = ticked.reduce((sum, change) => sum + change.replaced, 0);
  const hasConfirmed = plan.changes.some((change) => change.segment.is_confirmed);
  // What one save may carry (the server refuses more): said here, before Apply.
  const isTooMany =
    ticked.length > MAX_BATCH_SEGMENTS ||
    ticked.reduce((sum, change) => sum + change.segment.target.length + change.after.length, 0) >
      MAX_BATCH_TEXT;
  const toggle = (id: number) =>
    setUnticked((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <ModalDialog
      labelledBy="replace-preview-title"
      testId="replace-preview"
      onClose={onClose}
      fallbackFocus={fallbackFocus}
      className="replace-preview"
    >
      {/* The editor's shortcuts (Alt+arrows, Ctrl+Enter) must not act behind the dialog. */}
      <div onKeyDown={(event) => event.stopPropagation()}>
        <div className="modal-body">
          <h2 id="replace-preview-title">Replace all</h2>
          <p data-testid="replace-preview-count">
            {plan.changes.length === 0
              ? 'Nothing to replace in the targets shown.'
              : `${plural(hits, 'replacement')} in ${plural(ticked.length, 'segment')}.`}
          </p>
          {isTooMany ? (
            <p className="find-error" role="alert" data-testid="replace-preview-too-many">
              One replace changes at most {MAX_BATCH_SEGMENTS.toLocaleString()} segments (and{' '}
              {MAX_BATCH_TEXT.toLocaleString()} characters): narrow the search or the status filter.
            </p>
          ) : null}
          {plan.skipped > 0 ? (
            <p className="muted" data-testid="replace-preview-skipped">
              {plural(plan.skipped, 'hit')} would cut through an inline code: left as{' '}
              {plan.skipped === 1 ? 'it is' : 'they are'}.
            </p>
          ) : null}
          {plan.editing > 0 ? (
            <p className="muted" data-testid="replace-preview-editing">
              {plural(plan.editing, 'segment')} being edited left out: confirm or save{' '}
              {plan.editing === 1 ? 'it' : 'them'} first.
            </p>
          ) : null}
          {hasConfirmed ? (
            <label className="replace-keep">
              <input
                type="checkbox"
                checked={keepConfirmed}
                onChange={(event) =>
                  useReplaceStore.getState().setKeepConfirmed(event.target.checked)
                }
                data-testid="replace-keep-confirmed"
              />
              Keep confirmed segments confirmed (their memory units change too); otherwise they
              become drafts
            </label>
          ) : null}
          <ol className="replace-changes" data-testid="replace-changes">
            {plan.changes.slice(0, rows).map((change) => (
              <li key={change.segment.id} className="replace-change" data-testid="replace-change">
                <label>
                  <input
                    type="checkbox"
                    checked={!unticked.has(change.segment.id)}
                    onChange={() => toggle(change.segment.id)}
                    aria-label={`Replace in segment ${change.number}`}
                    data-testid="replace-change-tick"
                  />
                  <span className="replace-number">{change.number}</span>
                </label>
                <span className="replace-before" data-testid="replace-before">
                  <ChangeText pieces={change.pieces} side="before" />
                </span>
                <span className="replace-after" data-testid="replace-after">
                  <ChangeText pieces={change.pieces} side="after" />
                </span>
              </li>
            ))}
          </ol>
          {plan.changes.length > rows ? (
            <button type="button" className="button" onClick={() => setRows(rows + ROWS_AT_ONCE)}>
              Show {Math.min(ROWS_AT_ONCE, plan.changes.length - rows).toLocaleString()} more of{' '}
              {(plan.changes.length - rows).toLocaleString()}
            </button>
          ) : null}
        </div>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={onClose}
            data-testid="replace-preview-cancel"
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            autoFocus
            disabled={ticked.length === 0 || isTooMany}
            onClick={() => onApply(unticked)}
            data-testid="replace-preview-apply"
          >
            Replace in {plural(ticked.length, 'segment')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
