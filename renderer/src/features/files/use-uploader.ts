import { useQueryClient } from '@tanstack/react-query';
import { createUploader, type Uploader } from './uploader';
import { refreshFileLists } from './file-cache';

let uploader: Uploader | null = null;

/** The window's one upload queue; a stored file refreshes the file lists. */
export function useUploader(): Uploader {
  const queryClient = useQueryClient();
  uploader ??= createUploader(() => void refreshFileLists(queryClient));
  return uploader;
}
