import { memo } from 'react';
import type { QaReportItem } from './qa-report';

interface QaReportItemRowProps {
  item: QaReportItem;
  trglang: string;
  onGoTo: (index: number) => void;
  onIgnore: () => void;
  onUnignore: () => void;
}

/** One warning of the report: a link to its segment, what is wrong, and ignore or show again. */
export const QaReportItemRow = memo(function QaReportItemRow({
  item,
  trglang,
  onGoTo,
  onIgnore,
  onUnignore,
}: QaReportItemRowProps) {
  const number = item.index + 1;
  return (
    <li
      className={item.isIgnored ? 'qa-report-item qa-report-item-ignored' : 'qa-report-item'}
      data-testid="qa-report-item"
      data-segment-id={item.segmentId}
      data-code={item.warning.code}
      data-ignored={item.isIgnored || undefined}
    >
      <button
        type="button"
        className="qa-report-go"
        onClick={() => onGoTo(item.index)}
        aria-label={`Go to segment ${number}: ${item.warning.message}`}
        data-testid="qa-report-go"
      >
        <span className="segment-number">{number}</span>
        <span className="qa-report-message">{item.warning.message}</span>
        <span className="qa-report-target" lang={trglang}>
          {item.target}
        </span>
      </button>
      {item.isIgnored ? (
        <button type="button" onClick={onUnignore} data-testid="qa-report-unignore">
          Show again
        </button>
      ) : (
        <button type="button" onClick={onIgnore} data-testid="qa-report-ignore">
          Ignore
        </button>
      )}
    </li>
  );
});
