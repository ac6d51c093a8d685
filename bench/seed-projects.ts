import type { Memory } from '../shared/api/memories';
import { PROJECT_STATES, type ProjectState } from '../shared/api/projects';
import { defaultUser } from '../server/db/bootstrap';
import type { Database } from '../server/db/db';
import { sqliteStorage } from '../server/db/storage';
import { createMemoryStore } from '../server/memories/queries';
import { nowSeconds } from '../server/db/time';
import { seededRandom } from '../shared/seeded-random';

export interface SeedOptions {
  count: number;
  /** Mean documents per project: each gets 0 to twice this many (default 2). */
  documentsPerProject?: number;
  /** Same seed, same data (apart from "now", which anchors the dates). */
  seed?: number;
  /** Mean segments per document: each gets 0 to twice this many (default 0: none). */
  segmentsPerDocument?: number;
}

const DAY = 86_400;
const PAIRS = [
  { srclang: 'en', trglang: 'es', trglocale: 'ES' },
  { srclang: 'en', trglang: 'ca' },
  { srclang: 'es', trglang: 'en', trglocale: 'US' },
  { srclang: 'en', trglang: 'de' },
  { srclang: 'en', trglang: 'fr' },
];
const CLIENTS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell'];
const KINDS = ['website', 'manual', 'release notes', 'app strings', 'contract', 'newsletter'];
const FILES = ['index.html', 'guide.docx', 'strings.xliff', 'notes.md', 'terms.pdf', 'app.json'];

/**
 * Fills the first organization (bootstrap must have run) with memories for five language pairs and
 * `count` projects: spread over the five states and the last 365 days, about 10% archived, due
 * dates on about 70% (some overdue), 0..2*documentsPerProject documents each, and the state history
 * a project in that state would have. One transaction; deterministic for a given seed.
 */
export async function seedProjects(
  db: Database,
  options: SeedOptions,
): Promise<{ memoryIds: number[]; projectIds: number[] }> {
  const owner = await defaultUser(sqliteStorage(db).db);
  if (!owner) throw new Error('The database has no organization yet: run ensureBootstrap first');
  const { count, documentsPerProject = 2, seed = 1, segmentsPerDocument = 0 } = options;
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const now = nowSeconds();
  // The memories first (their store is async), then the rest in one better-sqlite3 transaction.
  const memories = createMemoryStore(sqliteStorage(db));
  const memoryList: Memory[] = [];
  for (const pair of PAIRS) {
    const name = `${pair.srclang}-${pair.trglang} memory`;
    memoryList.push(await memories.create(owner.orgId, { name, ...pair }));
  }
  const insertProject = db.prepare(
    `INSERT INTO projects (org_id, memory_id, name, state, due_date, archived, metadata, srclang,
       trglang, srclocale, trglocale, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDocument = db.prepare(
    `INSERT INTO documents (org_id, project_id, name, srclang, trglang, import_succeeded,
       is_review_complete, translator_email, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  const insertSegment = db.prepare(
    `INSERT INTO segments (org_id, document_id, memory_id, idx, source, target, is_confirmed,
       word_count, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertChange = db.prepare(
    `INSERT INTO project_state_changes (project_id, from_state, to_state, user_id, changed_at)
     VALUES (?, ?, ?, ?, ?)`,
  );

  return db
    .transaction(() => {
      const projectIds: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const memory = pick(memoryList);
        const state: ProjectState = pick(PROJECT_STATES);
        const createdAt = now - Math.floor(random() * 365 * DAY);
        const updatedAt = createdAt + Math.floor(random() * (now - createdAt));
        const dueDate = random() < 0.7 ? createdAt + Math.floor((3 + random() * 57) * DAY) : null;
        const client = pick(CLIENTS);
        const project = insertProject.run(
          owner.orgId,
          memory.id,
          `${client} ${pick(KINDS)} ${i + 1}`,
          state,
          dueDate,
          random() < 0.1 ? 1 : 0,
          random() < 0.3 ? JSON.stringify({ client }) : '{}',
          memory.srclang,
          memory.trglang,
          memory.srclocale,
          memory.trglocale,
          createdAt,
          updatedAt,
        );
        const projectId = Number(project.lastInsertRowid);
        projectIds.push(projectId);
        insertChange.run(projectId, null, 'backlog', owner.userId, createdAt);
        if (state !== 'backlog')
          insertChange.run(projectId, 'backlog', state, owner.userId, updatedAt);
        const documents = Math.floor(random() * (2 * documentsPerProject + 1));
        for (let d = 0; d < documents; d += 1) {
          const document = insertDocument.run(
            owner.orgId,
            projectId,
            `${d + 1}-${pick(FILES)}`,
            memory.srclang,
            memory.trglang,
            state === 'done' ? 1 : 0,
            random() < 0.5 ? `translator${1 + Math.floor(random() * 20)}@example.com` : null,
            createdAt,
            updatedAt,
          );
          const segments = Math.floor(random() * (2 * segmentsPerDocument + 1));
          for (let idx = 0; idx < segments; idx += 1) {
            const words = 1 + Math.floor(random() * 20);
            const isConfirmed = random() < 0.4;
            insertSegment.run(
              owner.orgId,
              Number(document.lastInsertRowid),
              memory.id,
              idx,
              `Segment ${idx} of ${words} words.`,
              isConfirmed ? `Segmento ${idx}.` : '',
              isConfirmed ? 1 : 0,
              words,
              createdAt,
              updatedAt,
            );
          }
        }
      }
      if (segmentsPerDocument > 0) fillCounters(db);
      return { memoryIds: memoryList.map((memory) => memory.id), projectIds };
    })
    .immediate();
}

/**
 * The documents' stored progress (migration 014), as the server keeps it, when the schema has
 * it: an A/B bench seeds a checkout from before the counters with this same file.
 */
function fillCounters(db: Database): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('documents')").pluck().all();
  if (!columns.includes('segments_total')) return;
  db.exec(`
    UPDATE documents SET segments_total = c.n, segments_confirmed = c.confirmed,
      words_total = c.words, words_confirmed = c.cwords
    FROM (SELECT document_id, count(*) AS n, sum(is_confirmed) AS confirmed,
        sum(word_count) AS words, sum(is_confirmed * word_count) AS cwords
      FROM segments GROUP BY document_id) AS c
    WHERE c.document_id = documents.id
  `);
}
