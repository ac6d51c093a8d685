import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project, ProjectState } from '../../../../shared/api/projects';
import { createQueryClient } from '../../app/query-client';
import { useBoardStore } from '../../stores/board-store';
import { BoardColumn } from './BoardColumn';
import { PROJECT_DRAG_TYPE } from './drag';
import { ProjectActionsProvider } from './ProjectActionsProvider';
import { installTestBridge } from '../../test-bridge';
import { sampleProject } from './sample-project';

const NOW_MS = Date.UTC(2026, 5, 1);

const invoke = installTestBridge();

const project = (id: number, state: ProjectState, patch: Partial<Project> = {}) =>
  sampleProject(id, { state, ...patch });

function renderColumn(projects: Project[], state: ProjectState = 'inProgress') {
  const onFocusAcross = vi.fn<(from: ProjectState, index: number, step: -1 | 1) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProjectActionsProvider>
        <BoardColumn
          state={state}
          projects={projects}
          nowMs={NOW_MS}
          onFocusAcross={onFocusAcross}
        />
      </ProjectActionsProvider>
    </QueryClientProvider>,
  );
  return { column: screen.getByTestId(`board-column-${state}`), onFocusAcross };
}

/** A drag event carrying one of our cards, as ProjectCard's dragstart writes it. */
function cardDrag(projectId: number) {
  return {
    dataTransfer: {
      types: [PROJECT_DRAG_TYPE, 'text/plain'],
      getData: (type: string) => (type === PROJECT_DRAG_TYPE ? String(projectId) : ''),
      dropEffect: 'none',
    },
  };
}

// jsdom lays nothing out, so every element is 0 px tall and the virtualized list would render no
// row: give elements the size of a column on screen (room for five cards).
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(280);
});

afterAll(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  invoke.mockReset();
});

afterEach(() => {
  useBoardStore.setState(useBoardStore.getInitialState());
});

describe('BoardColumn', () => {
  it('names its state and counts its projects', () => {
    const { column } = renderColumn([project(1, 'inProgress'), project(2, 'inProgress')]);
    expect(screen.getByRole('region', { name: 'In progress' })).toBe(column);
    const count = screen.getByTestId('board-column-count-inProgress');
    expect(count.textContent).toBe('2');
    expect(count.getAttribute('aria-label')).toBe('2 projects');
  });

  it('says so when it has no projects', () => {
    const { column } = renderColumn([], 'done');
    expect(within(column).getByText('No projects')).toBeTruthy();
    expect(within(column).queryByTestId('project-card')).toBeNull();
  });

  it('lists its cards in order, with their place for screen readers', () => {
    renderColumn([project(1, 'inProgress'), project(2, 'inProgress', { moved_by: 'Ana' })]);
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-posinset'))).toEqual(['1', '2']);
    const cards = screen.getAllByTestId('project-card');
    expect(cards.map((card) => card.dataset.projectId)).toEqual(['1', '2']);
    expect(cards[0]?.getAttribute('tabindex')).toBe('0');
    expect(cards[1]?.getAttribute('tabindex')).toBe('-1');
    expect(within(cards[1] as HTMLElement).getByTestId('project-card-moved-by').textContent).toBe(
      'Moved by Ana',
    );
  });

  it('moves the focus down the column with the arrow keys', async () => {
    renderColumn([project(1, 'inProgress'), project(2, 'inProgress'), project(3, 'inProgress')]);
    const cards = screen.getAllByTestId('project-card');
    await userEvent.click(cards[0] as HTMLElement);
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(cards[1]));
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toBe(cards[2]));
    // The card that had the focus last is the column's one tab stop.
    expect(cards[2]?.getAttribute('tabindex')).toBe('0');
  });

  it('hands ←/→ to the board, with its state and the card', async () => {
    const { onFocusAcross } = renderColumn(
      [project(1, 'inReview'), project(2, 'inReview')],
      'inReview',
    );
    const cards = screen.getAllByTestId('project-card');
    await userEvent.click(cards[1] as HTMLElement);
    await userEvent.keyboard('{ArrowRight}');
    expect(onFocusAcross).toHaveBeenCalledExactlyOnceWith('inReview', 1, 1);
    await userEvent.keyboard('{ArrowLeft}');
    expect(onFocusAcross).toHaveBeenLastCalledWith('inReview', 1, -1);
  });

  it('moves a project to the next state with Alt+→ and says so', async () => {
    invoke.mockResolvedValue({ ok: true, value: project(1, 'inReview') });
    renderColumn([project(1, 'inProgress')]);
    await userEvent.click(screen.getByTestId('project-card'));
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(invoke).toHaveBeenCalledExactlyOnceWith('projects:update', { id: 1, state: 'inReview' });
    await waitFor(() =>
      expect(useBoardStore.getState().announcement.text).toBe('Moved “Project 1” to In review.'),
    );
  });

  it('takes a card dragged from another column', async () => {
    invoke.mockResolvedValue({ ok: true, value: project(5, 'done') });
    const { column } = renderColumn([], 'done');
    useBoardStore.getState().startDrag({ projectId: 5, from: 'inQA' });
    fireEvent.dragEnter(column, cardDrag(5));
    expect(column.dataset.dropTarget).toBe('true');
    expect(within(column).getByText('Drop here')).toBeTruthy();
    fireEvent.drop(column, cardDrag(5));
    expect(column.dataset.dropTarget).toBeUndefined();
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledExactlyOnceWith('projects:update', { id: 5, state: 'done' }),
    );
  });

  it('is no drop target for a card from its own column', () => {
    const { column } = renderColumn([project(4, 'done')], 'done');
    useBoardStore.getState().startDrag({ projectId: 4, from: 'done' });
    fireEvent.dragEnter(column, cardDrag(4));
    expect(column.dataset.dropTarget).toBeUndefined();
    fireEvent.drop(column, cardDrag(4));
    expect(invoke).not.toHaveBeenCalled();
  });
});
