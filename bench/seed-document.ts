/**
 * One long document for the editor benchmarks: an en→es memory, a project on it, and a JSON file
 * of `segments` real LibreOffice help paragraphs (in file order, so it reads like a manual),
 * imported with the server's own extractor and document store. About 40% of the segments come
 * translated (three in four confirmed, the rest fuzzy drafts), so the grid shows every status.
 */
import { createDocumentRecords } from '../server/documents/document-store';
import { escapeSegmentText } from '../server/formats/documents/inline-codes';
import { extractJson } from '../server/formats/documents/json';
import { defaultUser } from '../server/db/bootstrap';
import type { Database } from '../server/db/db';
import { sqliteStorage } from '../server/db/storage';
import { createMemoryStore } from '../server/memories/queries';
import { createProjectStore } from '../server/projects/store';
import { readLohelpUnits } from '../server/tm/test-support';
import { createWorkQueue } from '../server/work/queue';
import { seededRandom } from '../shared/seeded-random';

export interface SeededDocument {
  projectId: number;
  documentId: number;
  segments: number;
}

/** The JSON file: `{"text/shared/find_toolbar.html#par_id3147762": "The Find toolbar..."}`. */
function helpFile(count: number): { json: string; targets: string[] } {
  const units = readLohelpUnits();
  const entries: Record<string, string> = {};
  const targets: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const unit = units[i % units.length]!;
    const key = unit.contextKey ?? String(unit.id);
    // A key seen before (a paragraph with two texts, or a second pass over the help) gets a suffix.
    entries[key in entries ? `${key}~${i}` : key] = unit.source;
    targets.push(escapeSegmentText(unit.target));
  }
  return { json: JSON.stringify(entries, null, 2), targets };
}

/** Bootstrap must have run. Deterministic for a given count. */
export async function seedDocument(db: Database, segments: number): Promise<SeededDocument> {
  const storage = sqliteStorage(db);
  const owner = await defaultUser(storage.db);
  if (!owner) throw new Error('The database has no organization yet: run ensureBootstrap first');
  const memory = await createMemoryStore(storage).create(owner.orgId, {
    name: 'LibreOffice help en-es',
    srclang: 'en',
    trglang: 'es',
    trglocale: 'ES',
  });
  const project = await createProjectStore(storage).create(owner, {
    name: 'LibreOffice help 7.4',
    memory_id: memory.id,
  });
  if (!project) throw new Error('The project could not be created on the new memory');
  // With no pretranslation nothing is queued; the store only needs a queue to write to.
  const documents = await createDocumentRecords(storage, createWorkQueue(storage));
  const ref = await documents.project(owner.orgId, project.id);
  if (!ref) throw new Error(`Project ${project.id} is not in the database`);

  const { json, targets } = helpFile(segments);
  const document = extractJson(new TextEncoder().encode(json));
  if (document.segments.length !== segments) {
    throw new Error(`The help file gave ${document.segments.length} segments, not ${segments}`);
  }
  const random = seededRandom(7);
  for (const segment of document.segments) {
    if (random() >= 0.4) continue;
    segment.target = targets[segment.index] ?? null;
    if (random() < 0.25) segment.isFuzzy = true;
  }
  const documentId = await documents.importDocument({
    orgId: owner.orgId,
    project: ref,
    name: 'libreoffice-help.json',
    format: 'json',
    skeletonJson: JSON.stringify(document.skeleton),
    segments: document.segments,
    pretranslate: null,
    autoAccept: false,
  });
  if (documentId === null) throw new Error(`Project ${project.id} went away while seeding`);
  return { projectId: project.id, documentId, segments };
}
