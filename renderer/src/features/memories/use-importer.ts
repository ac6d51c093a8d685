import { useQueryClient } from '@tanstack/react-query';
import { createImporter, type Importer } from './importer';

let importer: Importer | null = null;

/** The window's one import queue. */
export function useImporter(): Importer {
  const queryClient = useQueryClient();
  importer ??= createImporter(queryClient);
  return importer;
}
