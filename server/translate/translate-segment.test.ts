import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import type { Translation } from '../../shared/api/translate';
import { createMemory, fixture, importFile, testEngine } from '../memories/test-support';
import { requireApertium } from '../mt/apertium-test-support';
import { createTestApp, type TestApp } from '../test-support';
import { translate } from './test-support';

let t: TestApp;
let memory: Memory;

const FIND =
  'The Find toolbar can be used to quickly search the contents of LibreOffice documents.';
const PRESS = 'Press <g id="1">Enter</g> to perform the search.';

beforeAll(async () => {
  requireApertium();
  t = await createTestApp({ tmEngine: testEngine });
  memory = await createMemory(t.app, { name: 'Help' });
  await importFile(t.app, memory.id, 'help.tmx', fixture('sample.tmx'));
});
afterAll(() => t?.close());

const rebuild = (words: string[], delimiters: string[]) =>
  words.reduce((text, word, i) => text + word + delimiters[i + 1], delimiters[0]!);

/** A project, a document and its segments (rows written straight in the tables); the segment ids. */
async function insertDocument(sources: string[], keys: (string | null)[] = []): Promise<number[]> {
  const db = t.storage.db;
  const { org_id: orgId } = await db
    .selectFrom('memories')
    .select('org_id')
    .where('id', '=', memory.id)
    .executeTakeFirstOrThrow();
  const created = { created_at: 0, updated_at: 0 };
  const languages = { srclang: 'en', trglang: 'es' };
  const project = await db
    .insertInto('projects')
    .values({ org_id: orgId, memory_id: memory.id, name: 'P', ...languages, ...created })
    .returning('id')
    .executeTakeFirstOrThrow();
  const document = await db
    .insertInto('documents')
    .values({ org_id: orgId, project_id: project.id, name: 'help.txt', ...languages, ...created })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  // Out of order on purpose: neighbours are found by idx, not by id.
  for (let idx = sources.length - 1; idx >= 0; idx -= 1) {
    const segment = await db
      .insertInto('segments')
      .values({
        org_id: orgId,
        document_id: document.id,
        memory_id: memory.id,
        idx: idx * 10,
        source: sources[idx]!,
        context_key: keys[idx] ?? null,
        ...created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[idx] = segment.id;
  }
  return ids;
}

describe('segment context', () => {
  it('scores an exact match 100, and 101 with the same neighbours', async () => {
    const plain = await translate(t.app, { source: FIND, memory_id: memory.id, mt: false });
    expect(plain.translation[0]!.score).toBe(100);
    const [, findId] = await insertDocument(['Find Bar', FIND, 'Find Text']);
    const inContext = await translate(t.app, {
      source: FIND,
      memory_id: memory.id,
      mt: false,
      segment_id: findId!,
    });
    expect(inContext.translation[0]).toMatchObject({ score: 101, source: FIND });
    const [, elsewhere] = await insertDocument(['Other', FIND, 'Find Text']);
    const otherContext = await translate(t.app, {
      source: FIND,
      memory_id: memory.id,
      mt: false,
      segment_id: elsewhere!,
    });
    expect(otherContext.translation[0]!.score).toBe(100);
  });

  it('scores 101 for the same context key', async () => {
    const [pressId] = await insertDocument([PRESS], ['par_id921641581538352']);
    const answer = await translate(t.app, {
      source: PRESS,
      memory_id: memory.id,
      mt: false,
      segment_id: pressId!,
    });
    expect(answer.translation[0]).toMatchObject({ score: 101, isTMMatch: true });
  });
});

describe('rich=true', () => {
  it('fills consistent words, delimiters, provenance and alignment', async () => {
    const source = 'Press <g id="1">Enter</g> to perform the search  now.';
    const answer = await translate(t.app, { source, memory_id: memory.id, rich: true });
    // A code may hold spaces, so the words are not tokenizedSource split on spaces.
    const words = ['Press', '<g id="1">', 'Enter', '</g>', 'to', 'perform', 'the', 'search'];
    words.push('now', '.');
    expect(answer.tokenizedSource).toBe(words.join(' '));
    expect(answer.sourceDelimiters).toHaveLength(words.length + 1);
    expect(rebuild(words, answer.sourceDelimiters!)).toBe(source);

    const tm = answer.translation.filter((item) => item.isTMMatch);
    const mt = answer.translation.filter((item) => !item.isTMMatch);
    expect(tm.length).toBeGreaterThan(0);
    expect(mt).toHaveLength(1);
    for (const item of answer.translation as Required<Translation>[]) {
      expect(item.targetDelimiters).toHaveLength(item.targetWords.length + 1);
      expect(rebuild(item.targetWords, item.targetDelimiters)).toBe(item.target);
      expect(item.targetWithTags).toBe(item.target);
      const provenance = item.provenance.split(' ').map(Number);
      expect(provenance).toHaveLength(item.targetWords.length);
      expect(new Set(provenance)).toEqual(new Set([item.isTMMatch ? memory.id : 0]));
    }
    expect(tm.every((item) => item.align === undefined)).toBe(true);
    const item = mt[0] as Required<Translation>;
    expect(item.targetWords).toContain('<g id="1">');
    const links = item.align.split(' ').map((pair) => pair.split('-').map(Number));
    expect(links).toHaveLength(item.targetWords.length);
    for (const [s, tIndex] of links) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThan(words.length);
      expect(tIndex).toBeLessThan(item.targetWords.length);
    }
    // The code is an anchor: it links to itself.
    const codeAt = item.targetWords.indexOf('<g id="1">');
    expect(links).toContainEqual([words.indexOf('<g id="1">'), codeAt]);
  });

  it('answers an empty list with its delimiter for a blank source', async () => {
    const answer = await translate(t.app, { source: '  ', memory_id: memory.id, rich: true });
    expect(answer).toEqual({
      untokenizedSource: '  ',
      tokenizedSource: '',
      sourceDelimiters: ['  '],
      translation: [],
    });
  });
});
