import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Project, ProjectListQuery } from '../../../../shared/api/projects';
import { projectQueries } from '../../queries/projects';
import {
  addProjectToLists,
  matchesQuery,
  patchProjectInLists,
  rollBackProject,
} from './project-cache';
import { sampleProject } from './sample-project';

const project = (id: number, patch: Partial<Project> = {}) =>
  sampleProject(id, {
    trglang: 'es',
    state: 'backlog',
    workflowStatus: 'READY_TO_START',
    created_at: 1_000 + id,
    updated_at: 1_000 + id,
    ...patch,
  });

function cacheWith(lists: [ProjectListQuery, Project[]][]): QueryClient {
  const client = new QueryClient();
  for (const [query, list] of lists) client.setQueryData(projectQueries.list(query).queryKey, list);
  return client;
}

const read = (client: QueryClient, query: ProjectListQuery) =>
  client.getQueryData(projectQueries.list(query).queryKey)?.map((p) => `${p.id}:${p.state}`);

describe('optimistic changes to cached project lists', () => {
  it('moves a project in every list and drops it where it no longer matches', () => {
    const client = cacheWith([
      [{ archived: false }, [project(1), project(2)]],
      [{ archived: false, state: 'backlog' }, [project(1), project(2)]],
    ]);
    patchProjectInLists(client, 1, { state: 'inReview' });
    expect(read(client, { archived: false })).toEqual(['1:inReview', '2:backlog']);
    expect(read(client, { archived: false, state: 'backlog' })).toEqual(['2:backlog']);
  });

  it('rolls one project back to its place without undoing other changes', () => {
    const client = cacheWith([[{ archived: false }, [project(1), project(2), project(3)]]]);
    const first = patchProjectInLists(client, 2, { archived: true });
    expect(read(client, { archived: false })).toEqual(['1:backlog', '3:backlog']);
    patchProjectInLists(client, 3, { state: 'done' });
    rollBackProject(client, 2, first);
    expect(read(client, { archived: false })).toEqual(['1:backlog', '2:backlog', '3:done']);
  });

  it('matches the filters as the server applies them', () => {
    const p = project(5, { created_at: 100, archived: true, trglang: 'ca' });
    expect(matchesQuery(p, { from_time: 100, to_time: 101 })).toBe(true);
    expect(matchesQuery(p, { to_time: 100 })).toBe(false);
    expect(matchesQuery(p, { archived: false })).toBe(false);
    expect(matchesQuery(p, { trglang: 'es' })).toBe(false);
    expect(matchesQuery(p, { id: '4, 5' })).toBe(true);
  });

  it('adds a new project only where it belongs', () => {
    const client = cacheWith([
      [{ archived: false }, [project(1)]],
      [{ archived: false, trglang: 'ca' }, []],
    ]);
    addProjectToLists(client, project(2));
    expect(read(client, { archived: false })).toEqual(['1:backlog', '2:backlog']);
    expect(read(client, { archived: false, trglang: 'ca' })).toEqual([]);
  });
});
