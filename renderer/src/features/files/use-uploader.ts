import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SourceFile } from '../../../../shared/api/files';
import { startTranslations } from '../../queries/translation-mutations';
import { refreshFileLists } from './file-cache';
import { useFilesStore, type UploadOptions } from './files-store';
import { createUploader, type Uploader } from './uploader';

let uploader: Uploader | null = null;

/** "Drop to translate": the stored file's translation starts at once. */
function translateStored(queryClient: QueryClient, file: SourceFile, memoryId: number) {
  const { showAlert, showNotice } = useFilesStore.getState();
  startTranslations(queryClient, { fileIds: [file.id], memoryId }).then(
    () => showNotice(`Translating ${file.name}. Follow it in Translations.`),
    (error: unknown) =>
      showAlert({ title: `${file.name} was uploaded but its translation did not start`, error }),
  );
}

/** The window's one upload queue; a stored file refreshes the file lists. */
export function useUploader(): Uploader {
  const queryClient = useQueryClient();
  uploader ??= createUploader((file: SourceFile, options: UploadOptions) => {
    void refreshFileLists(queryClient);
    if (options.translate) translateStored(queryClient, file, options.translate.memoryId);
  });
  return uploader;
}
