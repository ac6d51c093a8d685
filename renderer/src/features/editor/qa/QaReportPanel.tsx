import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useEditorStore } from '../editor-store';
import { indexIgnores } from './ignores';
import { qaIgnoreQueries, useQaIgnoreMutations } from './qa-ignore-queries';
import { buildQaReport, CHECK_NAMES } from './qa-report';
import { useQaReportStore } from './qa-report-store';
import { QaReportItemRow } from './QaReportItemRow';
import { LIVE_QA_DELAY_MS } from './use-live-qa';
import { useSettled } from './use-settled';
import './qa.css';

const GROUP_PREVIEW = 100;

interface QaReportPanelProps {
  document: DocumentWithSegments;
  /** Makes a segment active (by 0-based index), turning off filters that hide it. */
  onGoTo: (index: number) => void;
}

/**
 * Every QA warning of the document, grouped by check, each with its segment number and text.
 * Clicking one goes to its segment; "Ignore" is kept by the server for everyone, until the
 * segment's target changes.
 */
export function QaReportPanel({ document, onGoTo }: QaReportPanelProps) {
  // Typing changes a draft at every key: the report follows once typing pauses.
  const drafts = useSettled(
    useEditorStore((state) => state.drafts),
    LIVE_QA_DELAY_MS,
  );
  const isShowingIgnored = useQaReportStore((state) => state.isShowingIgnored);
  const ignores = useQuery(qaIgnoreQueries.list(document.id));
  const { ignore, unignore } = useQaIgnoreMutations(document.id);
  const index = useMemo(() => indexIgnores(ignores.data), [ignores.data]);
  const { srclang, trglang } = document;
  const report = useMemo(
    () => buildQaReport(document.segments, { source: srclang, target: trglang }, drafts, index),
    [document.segments, srclang, trglang, drafts, index],
  );
  const failed = ignore.error ?? unignore.error ?? ignores.error;
  // A long group lists its first warnings until asked for all (thousands of rows are slow).
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  return (
    <section className="editor-qa-report" aria-labelledby="qa-report-title" data-testid="qa-report">
      <div className="editor-qa-report-header">
        <h2 id="qa-report-title">QA report</h2>
        <span data-testid="qa-report-count">
          {report.shown === 1 ? '1 warning' : `${report.shown.toLocaleString()} warnings`}
          {report.ignored > 0 ? `, ${report.ignored.toLocaleString()} ignored` : ''}
        </span>
        <label>
          <input
            type="checkbox"
            checked={isShowingIgnored}
            onChange={(event) =>
              useQaReportStore.getState().setShowingIgnored(event.target.checked)
            }
          />{' '}
          Show ignored
        </label>
        <button type="button" onClick={() => useQaReportStore.getState().close()}>
          Close
        </button>
      </div>
      {failed ? <ErrorMessage error={failed} /> : null}
      {report.shown === 0 && !(isShowingIgnored && report.ignored > 0) ? (
        <p className="muted" data-testid="qa-report-empty">
          No QA warnings in the translated segments.
        </p>
      ) : null}
      {report.groups.map((group) => {
        const items = isShowingIgnored ? group.items : group.items.filter((i) => !i.isIgnored);
        if (items.length === 0) return null;
        const isCut = items.length > GROUP_PREVIEW && !expanded.has(group.check);
        return (
          <section key={group.check} data-testid="qa-report-group" data-check={group.check}>
            <h3>
              {CHECK_NAMES[group.check]} ({items.length.toLocaleString()})
            </h3>
            <ul>
              {(isCut ? items.slice(0, GROUP_PREVIEW) : items).map((item) => (
                <QaReportItemRow
                  key={`${item.segmentId}:${item.warning.code}`}
                  item={item}
                  trglang={trglang}
                  onGoTo={onGoTo}
                  onIgnore={() =>
                    ignore.mutate({
                      segment_id: item.segmentId,
                      check: item.warning.code,
                      target: item.target,
                    })
                  }
                  onUnignore={() =>
                    unignore.mutate({ segment_id: item.segmentId, check: item.warning.code })
                  }
                />
              ))}
            </ul>
            {isCut ? (
              <button
                type="button"
                onClick={() => setExpanded(new Set([...expanded, group.check]))}
                data-testid="qa-report-more"
              >
                Show all {items.length.toLocaleString()}
              </button>
            ) : null}
          </section>
        );
      })}
    </section>
  );
}
