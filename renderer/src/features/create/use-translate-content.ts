import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiltCreateContent } from '../../../../shared/api/create';
import { editorHref } from '../../app/use-editor-route';
import { getBridge } from '../../bridge';
import { memoryQueries } from '../../queries/memories';
import { projectQueries } from '../../queries/projects';

/** Into a project that exists, or a new one (with a new memory for its language pair). */
export type TranslateTarget =
  { projectId: number } | { newProject: { name: string; trglang: string } };

/**
 * Puts a content into a project as a document (the host sends its saved text through the
 * document upload channel) and opens the editor on it.
 */
export function useTranslateContent(content: LiltCreateContent) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: TranslateTarget) => {
      const bridge = getBridge();
      let projectId: number;
      if ('projectId' in target) {
        projectId = target.projectId;
      } else {
        const { name, trglang } = target.newProject;
        const memory = await bridge.memories.create({ name, srclang: content.language, trglang });
        void queryClient.invalidateQueries({ queryKey: memoryQueries.all });
        projectId = (await bridge.projects.create({ name, memory_id: memory.id })).id;
      }
      const document = await bridge.create.toDocument({ id: content.id, project_id: projectId });
      return { projectId, documentId: document.id };
    },
    onSuccess: ({ projectId, documentId }) => {
      void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      window.location.hash = editorHref({ projectId, documentId });
    },
  });
}
