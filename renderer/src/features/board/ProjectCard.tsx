import { memo, useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Project } from '../../../../shared/api/projects';
import { useBoardStore } from '../../stores/board-store';
import {
  documentCountLabel,
  formatDate,
  formatShortDate,
  isOverdue,
  neighbourState,
  pairLabel,
  STATE_LABELS,
} from '../../components/project-format';
import { ProgressBar } from '../../components/ProgressBar';
import { cardCommand, type CardNavigation } from './card-keys';
import { CardMenu } from './CardMenu';
import { PROJECT_DRAG_TYPE } from './drag';
import { KEYBOARD_HELP_ID } from './KeyboardHelp';
import { useProjectActions } from './project-actions';

interface ProjectCardProps {
  project: Project;
  /** Position in its column, for screen readers ("3 of 120"). */
  index: number;
  columnSize: number;
  isTabbable: boolean;
  nowMs: number;
  onNavigate: (from: number, to: CardNavigation) => void;
  onFocused: (projectId: number) => void;
}

/** One project on the board: draggable, focusable, with its actions behind the "⋯" button. */
export const ProjectCard = memo(function ProjectCard({
  project,
  index,
  columnSize,
  isTabbable,
  nowMs,
  onNavigate,
  onFocused,
}: ProjectCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const actions = useProjectActions();
  const isDragging = useBoardStore((state) => state.drag?.projectId === project.id);
  const isFocusRequested = useBoardStore(({ focusRequest }) =>
    focusRequest?.projectId === project.id
      ? (focusRequest.state ?? project.state) === project.state
      : false,
  );
  const { startDrag, endDrag, requestFocus } = useBoardStore.getState();

  // Arrow keys and moves ask for a card by id; it takes the focus once it is rendered.
  useEffect(() => {
    if (!isFocusRequested) return;
    ref.current?.focus({ preventScroll: true });
    requestFocus(null);
  }, [isFocusRequested, requestFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed on the menu button belong to the button.
    if (event.target !== event.currentTarget) return;
    const command = cardCommand(event);
    if (!command) return;
    event.preventDefault();
    if (command.kind === 'navigate') onNavigate(index, command.to);
    else if (command.kind === 'menu') setIsMenuOpen(true);
    else if (command.kind === 'delete') actions.askDelete(project);
    else {
      const to = neighbourState(project.state, command.step);
      if (!to) return;
      // The focus follows the card into its new column.
      requestFocus({ projectId: project.id, state: to });
      actions.move(project, to);
    }
  };

  const onDragStart = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer.setData(PROJECT_DRAG_TYPE, String(project.id));
    event.dataTransfer.setData('text/plain', project.name);
    event.dataTransfer.effectAllowed = 'move';
    startDrag({ projectId: project.id, from: project.state });
  };

  const isLate = isOverdue(project, nowMs);
  const pair = pairLabel(project.srclang, project.trglang);
  const documents = documentCountLabel(project.document.length);
  const due = project.due_date === null ? null : formatDate(project.due_date);
  // A project without words to translate yet shows no bar (0 / 0 says nothing).
  const hasWords = project.words_total > 0;
  const summary = [
    project.name,
    pair,
    due ? `due ${due}${isLate ? ', overdue' : ''}` : null,
    documents,
    hasWords
      ? `${project.words_confirmed.toLocaleString()} of ${project.words_total.toLocaleString()} words confirmed`
      : null,
    project.archived ? 'archived' : null,
    project.moved_by ? `moved by ${project.moved_by}` : null,
    `${STATE_LABELS[project.state]}, ${index + 1} of ${columnSize}`,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div
      ref={ref}
      className="project-card"
      tabIndex={isTabbable ? 0 : -1}
      draggable
      aria-label={summary}
      aria-describedby={KEYBOARD_HELP_ID}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocused(project.id);
      }}
      onDragStart={onDragStart}
      onDragEnd={endDrag}
      data-testid="project-card"
      data-project-id={project.id}
      data-state={project.state}
      data-archived={project.archived || undefined}
      data-overdue={isLate || undefined}
      data-dragging={isDragging || undefined}
    >
      <div className="project-card-top">
        <p className="project-card-name" title={project.name} data-testid="project-card-name">
          {project.name}
        </p>
        <CardMenu
          project={project}
          isOpen={isMenuOpen}
          onOpenChange={setIsMenuOpen}
          isTabbable={isTabbable}
          onDone={(to) => requestFocus({ projectId: project.id, state: to })}
        />
      </div>
      <p className="project-card-meta">
        <span className="project-card-pair">{pair}</span>
        <span aria-hidden="true"> · </span>
        <span>{documents}</span>
      </p>
      {hasWords ? (
        <ProgressBar
          done={project.words_confirmed}
          total={project.words_total}
          unit="words"
          label={`Confirmed words of ${project.name}`}
          testId="project-card-progress"
        />
      ) : null}
      <p className="project-card-footer">
        {project.due_date === null ? (
          <span className="due-date due-date-none">No due date</span>
        ) : isLate ? (
          <span className="due-date due-date-overdue" title={`Overdue: due ${due}`}>
            <strong className="overdue-label">Overdue</strong> ·{' '}
            {formatShortDate(project.due_date, nowMs)}
          </span>
        ) : (
          <span className="due-date" title={`Due ${due}`}>
            Due {formatShortDate(project.due_date, nowMs)}
          </span>
        )}
        {project.archived ? <span className="tag tag-archived">Archived</span> : null}
      </p>
      {project.moved_by ? (
        // On a team server the board is shared: who moved a card last is part of its story.
        <p className="project-card-moved-by" data-testid="project-card-moved-by">
          Moved by {project.moved_by}
        </p>
      ) : null}
    </div>
  );
});
