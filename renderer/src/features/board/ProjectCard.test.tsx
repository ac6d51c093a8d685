import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '../../../../shared/api/projects';
import { createQueryClient } from '../../app/query-client';
import { useBoardStore } from '../../stores/board-store';
import { ProjectActionsProvider } from './ProjectActionsProvider';
import { ProjectCard } from './ProjectCard';
import { installTestBridge } from '../../test-bridge';
import { sampleProject } from './sample-project';

installTestBridge();

const project = (patch: Partial<Project> = {}) => sampleProject(7, { name: 'Website', ...patch });

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
