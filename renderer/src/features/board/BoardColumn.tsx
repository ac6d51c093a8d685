import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Project, ProjectState } from '../../../../shared/api/projects';
import { useBoardStore } from '../../stores/board-store';
import { STATE_LABELS } from '../../components/project-format';
import type { CardNavigation } from './card-keys';
import { useColumnDrop } from './use-column-drop';
import { ProjectCard } from './ProjectCard';

/** Every card has the same height (CSS `--card-height`), so rows need no measuring. */
export const CARD_HEIGHT = 104;
const CARD_GAP = 8;
const ROW_HEIGHT = CARD_HEIGHT + CARD_GAP;

interface BoardColumnProps {
  state: ProjectState;
  projects: Project[];
  nowMs: number;
  /** ←/→ from a card: the board finds the card in the next column. */
  onFocusAcross: (from: ProjectState, index: number, step: -1 | 1) => void;
}

/** One state's column: a count, a drop target, and a virtualized list of its cards. */
export function BoardColumn({ state, projects, nowMs, onFocusAcross }: BoardColumnProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler, so nothing memoizes what the virtualizer returns.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: projects.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => projects[index]?.id ?? index,
    overscan: 4,
    paddingStart: CARD_GAP,
    paddingEnd: CARD_GAP,
  });
  const [activeId, setActiveId] = useState<number | null>(null);
  const tabbableId = projects.some((p) => p.id === activeId) ? activeId : (projects[0]?.id ?? null);
  const focusRequest = useBoardStore((store) => store.focusRequest);
  const { requestFocus } = useBoardStore.getState();
  const drop = useColumnDrop(state);

  // A requested card may be scrolled out of the rendered window: bring it in so it can take focus.
  useEffect(() => {
    if (!focusRequest || (focusRequest.state && focusRequest.state !== state)) return;
    const index = projects.findIndex((project) => project.id === focusRequest.projectId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [focusRequest, projects, state, virtualizer]);

  const onNavigate = useCallback(
    (from: number, to: CardNavigation) => {
      if (to === 'left' || to === 'right') {
        onFocusAcross(state, from, to === 'left' ? -1 : 1);
        return;
      }
      const last = projects.length - 1;
      const index = { up: from - 1, down: from + 1, first: 0, last }[to];
      const target = projects[Math.max(0, Math.min(last, index))];
      if (target) requestFocus({ projectId: target.id });
    },
    [onFocusAcross, projects, requestFocus, state],
  );

  const label = STATE_LABELS[state];
  const headingId = `board-column-heading-${state}`;
  return (
    <section
      className="board-column"
      aria-labelledby={headingId}
      data-testid={`board-column-${state}`}
      data-state={state}
      data-drop-target={drop.isTarget || undefined}
      {...drop.handlers}
    >
      <header className="board-column-header">
        <span className={`state-dot state-dot-${state}`} aria-hidden="true" />
        <h2 id={headingId} className="board-column-title">
          {label}
        </h2>
        <span
          className="board-column-count"
          data-testid={`board-column-count-${state}`}
          aria-label={`${projects.length} projects`}
        >
          {projects.length.toLocaleString()}
        </span>
      </header>
      <div ref={scrollRef} className="board-column-scroll" data-role="column-scroll">
        {projects.length === 0 ? (
          <p className="board-column-empty">{drop.isTarget ? 'Drop here' : 'No projects'}</p>
        ) : null}
        <div
          className="board-column-list"
          role="list"
          aria-labelledby={headingId}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const project = projects[row.index];
            if (!project) return null;
            return (
              <div
                key={row.key}
                className="board-column-row"
                role="listitem"
                aria-setsize={projects.length}
                aria-posinset={row.index + 1}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <ProjectCard
                  project={project}
                  index={row.index}
                  columnSize={projects.length}
                  isTabbable={project.id === tabbableId}
                  nowMs={nowMs}
                  onNavigate={onNavigate}
                  onFocused={setActiveId}
                />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
