import { useBoardStore } from '../../stores/board-store';

/** Says what just happened on the board (moved, archived, created) to screen readers. */
export function BoardAnnouncer() {
  const { text, seq } = useBoardStore((state) => state.announcement);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="board-announcer">
      {/* A new node per message, so the same words said twice are read twice. */}
      <span key={seq}>{text}</span>
    </div>
  );
}
