import { memo } from 'react';
import type { Segment } from '../../../../shared/api/segments';
import { ScoreChip } from '../../components/ScoreChip';
import { TaggedText } from '../../components/TaggedText';
import { useEditorStore } from './editor-store';
import { segmentStatus, STATUS_LABELS } from './segments';
import { SourceText } from './SourceText';
import { TargetEditor } from './TargetEditor';

interface SegmentRowProps {
  segment: Segment;
  index: number;
  isActive: boolean;
  srclang: string;
  trglang: string;
  highlights?: readonly (readonly [number, number])[];
  onActivate: (index: number) => void;
}

/** One segment: number, source, target (editable when active), status and match score. */
export const SegmentRow = memo(function SegmentRow({
  segment,
  index,
  isActive,
  srclang,
  trglang,
  highlights,
  onActivate,
}: SegmentRowProps) {
  const draftText = useEditorStore((state) => state.drafts[segment.id]?.text);
  const warnings = useEditorStore((state) => state.qaBySegment[segment.id]);
  const status = segmentStatus(segment);
  const isUnsaved = draftText !== undefined && draftText !== segment.target;
  const number = index + 1;
  return (
    <div
      className={isActive ? 'segment-row segment-row-active' : 'segment-row'}
      data-testid="segment-row"
      data-index={index}
      data-segment-id={segment.id}
      data-status={status}
      data-active={isActive || undefined}
      aria-current={isActive ? 'true' : undefined}
      onClick={isActive ? undefined : () => onActivate(index)}
    >
      <span className="segment-number" data-testid="segment-number">
        {number}
      </span>
      <p className="segment-source" lang={srclang} data-testid="segment-source">
        <SourceText text={segment.source} highlights={isActive ? highlights : undefined} />
      </p>
      <div className="segment-target" data-testid="segment-target">
        {isActive ? (
          <TargetEditor segment={segment} number={number} trglang={trglang} />
        ) : (
          <p lang={trglang}>
            <TaggedText text={draftText ?? segment.target} />
          </p>
        )}
      </div>
      <div className="segment-meta">
        <span
          className={`segment-status segment-status-${status}`}
          data-testid="segment-status"
          title={STATUS_LABELS[status]}
        >
          <span aria-hidden="true" className="segment-status-dot" />
          {isUnsaved ? 'Edited' : STATUS_LABELS[status]}
        </span>
        {segment.match_score !== null ? (
          <ScoreChip score={segment.match_score} testId="segment-match-score" />
        ) : null}
        {warnings?.length ? (
          <span
            className="segment-qa"
            title={warnings.map((warning) => warning.message).join('\n')}
            data-testid="segment-qa"
          >
            ⚠<span className="visually-hidden">{warnings.length} QA warnings</span>
          </span>
        ) : null}
      </div>
    </div>
  );
});
