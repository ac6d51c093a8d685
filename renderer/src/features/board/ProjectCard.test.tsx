import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../../shared/api/projects';
import { createBridge } from '../../../../shared/ipc/bridge';
import type { IpcResult } from '../../../../shared/ipc/errors';
import { createQueryClient } from '../../app/query-client';
import { useBoardStore } from '../../stores/board-store';
import { ProjectActionsProvider } from './ProjectActionsProvider';
import { ProjectCard } from './ProjectCard';

const invoke = vi.fn<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>();
window.wordbench = createBridge({
  invoke,
  upload: () => Promise.reject(new Error('no uploads here')),
  download: () => Promise.reject(new Error('no downloads here')),
  subscribe: () => () => {},
});

function project(patch: Partial<Project> = {}): Project {
  return {
    id: 7,
    memory_id: 1,
    job_id: null,
    srclang: 'en',
    trglang: 'de',
    srclocale: null,
    trglocale: null,
    name: 'Website',
    state: 'inProgress',
    due_date: null,
    archived: false,
    metadata: {},
    sample_review_percentage: null,
    created_at: 1_780_000_000,
    updated_at: 1_780_000_000,
    workflowStatus: 'IN_PROGRESS',
    moved_by: null,
    segments_total: 0,
    segments_confirmed: 0,
    words_total: 0,
    words_confirmed: 0,
    document: [],
    ...patch,
  };
}

function renderCard(value: Project) {
  const { rerender } = render(<Card value={value} />);
  return (next: Project) => rerender(<Card value={next} />);
}

function Card({ value }: { value: Project }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ProjectActionsProvider>
        <ProjectCard
          project={value}
          index={0}
          columnSize={1}
          isTabbable
          nowMs={Date.UTC(2026, 5, 1)}
          onNavigate={() => {}}
          onFocused={() => {}}
        />
      </ProjectActionsProvider>
    </QueryClientProvider>
  );
}

let queryClient = createQueryClient();
beforeEach(() => {
  queryClient = createQueryClient();
  useBoardStore.setState(useBoardStore.getInitialState());
});

describe('ProjectCard progress', () => {
  it('shows confirmed words out of all with an accessible bar, and says it in the summary', () => {
    renderCard(project({ words_total: 5000, words_confirmed: 1234, segments_total: 80 }));
    const bar = screen.getByRole('progressbar', { name: 'Confirmed words of Website' });
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByTestId('project-card-progress').textContent).toBe('1,234 / 5,000 words');
    expect(screen.getByTestId('project-card').getAttribute('aria-label')).toContain(
      '1,234 of 5,000 words confirmed',
    );
  });

  it('moves when words are confirmed, and says 100 only when all are', () => {
    const update = renderCard(project({ words_total: 1000, words_confirmed: 0 }));
    const bar = () => screen.getByRole('progressbar');
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    update(project({ words_total: 1000, words_confirmed: 999 }));
    expect(bar().getAttribute('aria-valuenow')).toBe('99');
    update(project({ words_total: 1000, words_confirmed: 1000 }));
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('project-card-progress').textContent).toBe('1,000 / 1,000 words');
  });

  it('shows no bar while the project has no words', () => {
    renderCard(project());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('project-card').getAttribute('aria-label')).not.toContain('words');
  });
});
