import { badgeLabel, type ThreadSummary } from './comment-threads';

/** A segment's comment count, marked while any of its comments is unresolved. */
export function CommentBadge({ summary }: { summary: ThreadSummary }) {
  const isUnresolved = summary.unresolved > 0;
  const label = badgeLabel(summary);
  return (
    <span
      className={isUnresolved ? 'comment-badge comment-badge-unresolved' : 'comment-badge'}
      title={label}
      data-testid="segment-comments"
      data-count={summary.count}
      data-unresolved={isUnresolved || undefined}
    >
      <span aria-hidden="true">
        <svg className="comment-badge-icon" viewBox="0 0 16 16" width="12" height="12">
          <path
            d="M2 2.5h12v8.5H7l-3.5 3v-3H2z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        {summary.count}
        {isUnresolved ? (
          <span className="comment-badge-mark" data-testid="segment-comments-unresolved" />
        ) : null}
      </span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
