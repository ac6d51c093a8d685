import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { prefetchOpenDocument } from './prefetch-document';

describe('prefetchOpenDocument', () => {
  it('reads the document an editor address opens, into the editor query', () => {
    const client = createQueryClient();
    const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
    expect(prefetchOpenDocument(client, '#/editor?project=3&document=7')).toBe(7);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0].queryKey).toEqual(['documents', 7]);
  });

  it('reads nothing for another view, a document list or an unreadable id', () => {
    const client = createQueryClient();
    const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
    for (const hash of ['', '#/board', '#/editor?project=3', '#/editor?project=3&document=x']) {
      expect(prefetchOpenDocument(client, hash)).toBeNull();
    }
    expect(prefetch).not.toHaveBeenCalled();
  });
});
