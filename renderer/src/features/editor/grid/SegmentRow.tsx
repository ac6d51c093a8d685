import { memo, useRef } from 'react';
import type { Segment } from '../../../../../shared/api/segments';
import { ScoreChip } from '../../../components/ScoreChip';
import { TaggedText } from '../../../components/TaggedText';
import { CommentBadge } from '../comments/CommentBadge';
import { useEditorStore } from '../editor-store';
import { segmentStatus, STATUS_LABELS } from './segments';
import { SelectionCommentButton } from '../comments/SelectionCommentButton';
import { SourceText } from './SourceText';
import { TargetEditor } from './TargetEditor';
import { LiveQaWarnings } from '../qa/LiveQaWarnings';
import { isReviewed } from '../review/review';
import { WaitingForServer } from './WaitingForServer';

interface SegmentRowProps {
  segment: Segment;
  index: number;
  isActive: boolean;
  srclang: string;
  trglang: string;
  highlights?: readonly (readonly [number, number])[];
  /** Comments on the segment, and how many of them are unresolved. */
  commentCount: number;
  unresolvedComments: number;
  onActivate: (index: number) => void;
}

/** One segment: number, source, target (editable when active), status, match score, comments. */
export const SegmentRow = memo(function SegmentRow({
  segment,
  index,
  isActive,
  srclang,
  trglang,
  highlights,
  commentCount,
  unresolvedComments,
  onActivate,
}: SegmentRowProps) {
  const sourceRef = useRef<HTMLParagraphElement>(null);
  const draftText = useEditorStore((state) => state.drafts[segment.id]?.text);
  const warnings = useEditorStore((state) => state.qaBySegment[segment.id]);
  const status = segmentStatus(segment);
  const isUnsaved = draftText !== undefined && draftText !== segment.target;
  // A reviewed translation being edited is no longer the one reviewed: the mark goes at once.
  const isReviewShown = isReviewed(segment) && !isUnsaved;
  const label = isReviewShown ? 'Reviewed' : STATUS_LABELS[status];
  const number = index + 1;
  return (
    <div
      className={isActive ? 'segment-row segment-row-active' : 'segment-row'}
      data-testid="segment-row"
      data-index={index}
      data-segment-id={segment.id}
      data-status={status}
      data-reviewed={isReviewShown || undefined}
      data-active={isActive || undefined}
      aria-current={isActive ? 'true' : undefined}
      onClick={isActive ? undefined : () => onActivate(index)}
    >
      <span className="segment-number" data-testid="segment-number">
        {number}
      </span>
      <div className="segment-source-cell">
        {/* Focusable when active, so a selection made with the mouse keeps the editor's keys. */}
        <p
          ref={sourceRef}
          className="segment-source"
          lang={srclang}
          tabIndex={isActive ? -1 : undefined}
          data-testid="segment-source"
        >
          <SourceText text={segment.source} highlights={isActive ? highlights : undefined} />
        </p>
        {isActive ? <SelectionCommentButton sourceRef={sourceRef} segmentId={segment.id} /> : null}
      </div>
      <div className="segment-target" data-testid="segment-target">
        {isActive ? (
          <>
            <TargetEditor segment={segment} number={number} trglang={trglang} />
            <LiveQaWarnings
              segment={segment}
              text={draftText ?? segment.target}
              languages={{ source: srclang, target: trglang }}
            />
          </>
        ) : (
          <p lang={trglang}>
            <TaggedText text={draftText ?? segment.target} />
          </p>
        )}
        <WaitingForServer segmentId={segment.id} />
      </div>
      <div className="segment-meta">
        <span
          className={`segment-status segment-status-${isReviewShown ? 'reviewed' : status}`}
          data-testid="segment-status"
          title={segment.updated_by === null ? label : `${label} by ${segment.updated_by}`}
        >
          <span aria-hidden="true" className="segment-status-dot" />
          {isUnsaved ? 'Edited' : label}
        </span>
        {segment.updated_by !== null ? (
          // Who last changed it: on a team server, translators see each other's work.
          <span className="segment-author" data-testid="segment-author">
            <span className="visually-hidden">by </span>
            {segment.updated_by}
          </span>
        ) : null}
        {segment.match_score !== null ? (
          <ScoreChip score={segment.match_score} testId="segment-match-score" />
        ) : segment.target_origin === 'mt' ? (
          <span className="segment-mt-chip" title="Machine translation" data-testid="segment-mt">
            MT<span className="visually-hidden"> (machine translation)</span>
          </span>
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
        {commentCount > 0 ? (
          <CommentBadge summary={{ count: commentCount, unresolved: unresolvedComments }} />
        ) : null}
      </div>
    </div>
  );
});
