import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '../../../../shared/api/memories';
import type {
  Project,
  ProjectCreateParameters,
  ProjectUpdateParameters,
} from '../../../../shared/api/projects';
import { getBridge } from '../../bridge';
import { projectQueries } from '../../queries/projects';
import {
  addProjectToLists,
  patchProjectInLists,
  removeProjectFromLists,
  rollBackProject,
  type ListSnapshot,
} from './project-cache';

const UPDATE_KEY = [...projectQueries.all, 'update'] as const;

/** Callbacks kept with the mutation itself, so they run even if the card that started it is gone. */
interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
}

/** For a change to a project: `previous` is the project as the board showed it before. */
interface UpdateCallbacks {
  onSuccess?: (project: Project, input: ProjectUpdateParameters) => void;
  onError?: (error: unknown, input: ProjectUpdateParameters, previous: Project | undefined) => void;
}

export function useCreateProject(
  callbacks: MutationCallbacks<Project, ProjectCreateParameters> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectCreateParameters) => getBridge().projects.create(input),
    onSuccess: (project, input) => {
      // Show it at once; the refetch below confirms the lists.
      addProjectToLists(queryClient, project);
      void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      callbacks.onSuccess?.(project, input);
    },
    onError: callbacks.onError,
  });
}

/**
 * Moves, archives or renames a project. The board changes at once; if the server refuses, the
 * project goes back to where it was in every list and `onError` says why.
 */
export function useUpdateProject(callbacks: UpdateCallbacks = {}) {
  const queryClient = useQueryClient();
  /** Whether another change to the same project is still under way (it decides what shows). */
  const hasOtherChange = (id: number): boolean => {
    const pending = queryClient.isMutating({
      mutationKey: UPDATE_KEY,
      predicate: (mutation) => (mutation.state.variables as { id?: number } | undefined)?.id === id,
    });
    // The mutation calling this is still pending itself.
    return pending > 1;
  };
  return useMutation<Project, unknown, ProjectUpdateParameters, ListSnapshot>({
    mutationKey: UPDATE_KEY,
    mutationFn: (input) => getBridge().projects.update(input),
    onMutate: async ({ id, ...patch }) => {
      // A list fetched before the change must not land on top of it.
      await queryClient.cancelQueries({ queryKey: projectQueries.lists() });
      return patchProjectInLists(queryClient, id, patch);
    },
    onError: (error, input, snapshot) => {
      const previous = snapshot
        ?.flatMap(([, list]) => list ?? [])
        .find((project) => project.id === input.id);
      // Another change to the same project is showing now; its own outcome decides.
      if (snapshot && !hasOtherChange(input.id)) rollBackProject(queryClient, input.id, snapshot);
      // Refetched when next needed, not now: the project stays where it was put back.
      void queryClient.invalidateQueries({ queryKey: projectQueries.all, refetchType: 'none' });
      callbacks.onError?.(error, input, previous);
    },
    onSuccess: (project, input) => {
      if (!hasOtherChange(project.id)) patchProjectInLists(queryClient, project.id, project);
      callbacks.onSuccess?.(project, input);
      // While other moves are under way, a refetch would show them undone for a moment.
      if (queryClient.isMutating({ mutationKey: UPDATE_KEY }) === 1) {
        void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      }
    },
  });
}

export function useDeleteProject(
  callbacks: MutationCallbacks<DeleteResponse, { id: number }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().projects.delete(input),
    onSuccess: (result, input) => {
      removeProjectFromLists(queryClient, input.id);
      void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      callbacks.onSuccess?.(result, input);
    },
    onError: callbacks.onError,
  });
}
