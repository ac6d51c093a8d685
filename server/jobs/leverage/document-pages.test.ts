/** A document read a window at a time gives every segment the neighbours the editor gives it. */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends } from '../../db/backends-test-support';
import { translateQueries } from '../../translate/queries';
import { documentPages, type DocumentSegment } from './document-pages';
import { leverageQueries } from './queries';
import { seedDocument, seedMemory, seedOrganization, seedProject } from './test-support';

const both = useBothBackends('leverage_pages');

describe.each(BACKENDS)('document pages on %s', (kind) => {
  it('reads a document a window at a time with the neighbours the editor gives', async () => {
    const storage = both.storage(kind);
    const orgId = await seedOrganization(storage, `leverage-pages-${kind}`);
    const memoryId = await seedMemory(storage, orgId, 'es');
    const projectId = await seedProject(storage, orgId, memoryId);
    const sources = Array.from({ length: 10 }, (_, i) => ({
      source: `Step ${i}.`,
      contextKey: `k${i}`,
    }));
    await seedDocument(storage, orgId, projectId, sources);
    const reads = leverageQueries(storage.db);
    const [document] = await reads.documents(orgId, projectId);
    const read: DocumentSegment[] = [];
    // Windows of 3 indexes hold one or two segments (indexes go 0, 2, 4...).
    for await (const page of documentPages(reads, orgId, document!, 3)) read.push(...page);
    expect(read.map((s) => s.source)).toEqual(sources.map((s) => s.source));
    const editor = translateQueries(storage.db);
    for (const { id, ...lookup } of read) {
      const { contextKey, prevSource, nextSource } = lookup;
      expect({ contextKey, prevSource, nextSource }).toEqual(
        await editor.segmentContext(orgId, id),
      );
    }
  });
});
