import { PROJECT_STATES } from '../../../../shared/api/projects';
import { STATE_LABELS } from '../../components/project-format';

/** The board's outline while the first list is on its way. */
export function BoardLoading({ message }: { message: string }) {
  return (
    <div className="board board-loading" data-testid="board-loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        {message}
      </p>
      {PROJECT_STATES.map((state) => (
        <div key={state} className="board-column" aria-hidden="true">
          <div className="board-column-header">
            <span className={`state-dot state-dot-${state}`} />
            <span className="board-column-title">{STATE_LABELS[state]}</span>
          </div>
          <div className="board-column-scroll">
            <div className="skeleton-card" />
            <div className="skeleton-card" />
          </div>
        </div>
      ))}
      <p className="board-loading-message" aria-hidden="true">
        {message}
      </p>
    </div>
  );
}
