import type { QueryClient } from '@tanstack/react-query';
import type { SourceFile } from '../../../../shared/api/files';
import { fileQueries } from './queries';

/** Puts the server's new copy of a file into every cached list that shows it. */
export function replaceFileInLists(queryClient: QueryClient, file: SourceFile): void {
  queryClient.setQueriesData<SourceFile[]>({ queryKey: fileQueries.lists() }, (list) =>
    list?.map((item) => (item.id === file.id ? file : item)),
  );
}

export function removeFileFromLists(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<SourceFile[]>({ queryKey: fileQueries.lists() }, (list) =>
    list?.filter((item) => item.id !== id),
  );
}

/** Asks again for every list: a label change can move a file in or out of a filtered one. */
export function refreshFileLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: fileQueries.all });
}
