import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_SEGMENTS,
  type DocumentWithSegments,
} from '../../shared/api/documents';
import type { Project } from '../../shared/api/projects';
import { fixture } from '../formats/documents/test-support';
import { auth } from '../memories/test-support';
import {
  countRows,
  createOtherOrganization,
  createTestApp,
  TEST_KEY,
  type TestApp,
} from '../test-support';
import {
  createProject,
  documentTables,
  download,
  getDocument,
  postDocument,
  saveTarget,
  uploadDocument,
} from './test-support';

let t: TestApp;
let project: Project;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  project = await createProject(t.app);
});
afterAll(() => t.close());

/** Fixtures of the newer formats sit in a folder per format. */
const fixtureOf = (name: string) => fixture(name.endsWith('.html') ? `html/${name}` : name);

const FIXTURES = [
  ['release-notes.txt', 'text'],
  ['find-toolbar.xlf', 'xliff12'],
  ['writer-styles.xlf', 'xliff20'],
  ['file-manager.po', 'po'],
  ['app.json', 'json'],
  ['print-help.html', 'html'],
] as const;

/** Refused with `status` and a message containing `text`; nothing was written. */
async function expectRefused(
  send: () => ReturnType<typeof postDocument>,
  status: number,
  text: string | RegExp,
) {
  const before = await documentTables(t.storage.db);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { message: string }).message).toMatch(text);
  expect(await documentTables(t.storage.db)).toEqual(before);
}

const headers = (name: string, extra: Record<string, string> = {}) => ({
  name,
  project_id: String(project.id),
  ...extra,
});

describe('POST /v2/documents/files', () => {
  it.each(FIXTURES)('imports %s (%s) with its segments in order', async (name, format) => {
    const document = await uploadDocument(t.app, project.id, name, fixtureOf(name));
    expect(document).toMatchObject({
      project_id: project.id,
      name,
      format,
      memory_id: project.memory_id,
      srclang: 'en',
      trglang: 'es',
      import_succeeded: true,
      is_pretranslating: false,
      status: { pretranslation: 'idle' },
      pretranslated: 0,
      to_pretranslate: 0,
      pretranslation_error: null,
    });
    expect(document.segments.length).toBeGreaterThan(2);
    document.segments.forEach((segment, i) => {
      expect(segment).toMatchObject({ index: i, document_id: document.id, srclang: 'en' });
      expect(segment.word_count).toBeGreaterThan(0);
    });
    expect(await getDocument(t.app, document.id)).toEqual(document);
  });

  it('keeps targets of the file: a final one confirmed, a fuzzy one as a draft', async () => {
    const po = await uploadDocument(t.app, project.id, 'fm.po', fixture('file-manager.po'));
    const bySource = (source: string) => po.segments.find((s) => s.source === source);
    expect(bySource('File Manager')).toMatchObject({
      target: 'Gestor de archivos',
      target_origin: 'file',
      is_confirmed: true,
      match_score: null,
      memory_unit_id: null,
      note: expect.stringContaining('Title of the main window'),
    });
    expect(bySource('Could not move %s.')).toMatchObject({
      target: 'No se pudo copiar %s.',
      target_origin: 'file',
      is_confirmed: false,
    });
    expect(bySource('Delete "%s" permanently?')).toMatchObject({
      target: '',
      target_origin: null,
      is_confirmed: false,
      word_count: 2,
    });
    const open = po.segments.filter((s) => s.source === 'Open');
    expect(open.map((s) => s.context_key)).toEqual(['menu\u0004Open', 'verb\u0004Open']);
    // File targets are not written into the memory.
    const units = await countRows(t.storage.db, 'memory_units');
    expect(units.n).toBe(0);
  });

  it.each(FIXTURES)('round-trips %s through PUT targets and both downloads', async (name) => {
    const document = await uploadDocument(t.app, project.id, name, fixtureOf(name));
    const targets = new Map<number, string>();
    for (const segment of document.segments) {
      if (segment.target !== '') continue;
      const target = `[es] ${segment.source}`;
      await saveTarget(t.app, { id: segment.id, target });
      targets.set(segment.index, target);
    }
    const expected = (await getDocument(t.app, document.id)).segments.map((s) => [
      s.source,
      s.target,
    ]);

    const xliff = await download(t.app, document.id);
    expect(xliff.statusCode, xliff.body).toBe(200);
    expect(xliff.headers['content-type']).toMatch(/^application\/xliff\+xml/);
    expect(xliff.headers['content-disposition']).toContain('.xlf"');
    const fromXliff = await uploadDocument(t.app, project.id, 'again.xlf', xliff.rawPayload);
    expect(fromXliff.segments.map((s) => [s.source, s.target])).toEqual(expected);

    const original = await download(t.app, document.id, false);
    expect(original.statusCode, original.body).toBe(200);
    expect(original.headers['content-disposition']).toContain(`filename="${name}"`);
    const back = await uploadDocument(t.app, project.id, name, original.rawPayload);
    // Re-reading may join sentences (a translated XLIFF unit stays whole, the text filter reads
    // its own sentences, and code ids count per segment), so the texts are compared whole.
    const joined = (texts: string[]) =>
      texts
        .join(' ')
        .replace(/\s+/g, ' ')
        .replace(/ id="\d+"/g, ' id=""');
    const targetText = joined(expected.map(([, target]) => target!));
    if (['text', 'json', 'html'].includes(document.format)) {
      // The targets replaced the sources.
      expect(joined(back.segments.map((s) => s.source))).toBe(targetText);
    } else {
      expect(joined(back.segments.map((s) => s.source))).toBe(joined(expected.map(([s]) => s!)));
      expect(joined(back.segments.map((s) => s.target))).toBe(targetText);
    }
  });

  it('reads parameters from one LILT-API header and a URI-encoded name', async () => {
    const response = await postDocument(
      t.app,
      {
        'lilt-api': JSON.stringify({ name: 'r%C3%A9sum%C3%A9 notes.txt', project_id: project.id }),
      },
      'One sentence. Another one.',
    );
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json() as DocumentWithSegments;
    expect(document.name).toBe('résumé notes.txt');
    expect(document.segments.map((s) => s.source)).toEqual(['One sentence.', 'Another one.']);
    const file = await download(t.app, document.id, false);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="resume notes.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20notes.txt`,
    );
  });

  it('decodes a name inside LILT-API as a value: an encoded quote stays in the name', async () => {
    const response = await postDocument(
      t.app,
      { 'lilt-api': JSON.stringify({ name: 'say %2522hi%2522.txt', project_id: project.id }) },
      'Hello.',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as DocumentWithSegments).name).toBe('say %22hi%22.txt');
  });

  it('imports 10,000 segments in one go', async () => {
    const entries = Array.from(
      { length: 10_000 },
      (_, i) => `"k${i}": "Entry number ${i} of the list."`,
    );
    const started = performance.now();
    const document = await uploadDocument(
      t.app,
      project.id,
      'big.json',
      `{${entries.join(',\n')}}`,
    );
    // A figure for the log, not an assertion: tests never time things.
    console.info(`10,000-segment import: ${Math.round(performance.now() - started)} ms`);
    expect(document.segments).toHaveLength(10_000);
    expect(document.segments[9_999]).toMatchObject({ index: 9_999, context_key: 'k9999' });
  });

  it('refuses bad parameters before reading the body, naming the field', async () => {
    const body = 'Hello.';
    await expectRefused(
      () => postDocument(t.app, { project_id: String(project.id) }, body),
      400,
      /header name/,
    );
    await expectRefused(
      () => postDocument(t.app, { name: 'a.txt' }, body),
      400,
      /header project_id/,
    );
    await expectRefused(
      () => postDocument(t.app, headers('a.txt', { pretranslate: 'MT' }), body),
      400,
      'header pretranslate: must be one of TM, TM+MT',
    );
    await expectRefused(
      () => postDocument(t.app, headers('a.txt', { auto_accept: 'maybe' }), body),
      400,
      'header auto_accept',
    );
    await expectRefused(() => postDocument(t.app, headers('../a.txt'), body), 400, /not a path/);
    await expectRefused(() => postDocument(t.app, headers('a.txt'), ''), 400, /no file bytes/);
    await expectRefused(
      () => postDocument(t.app, { 'lilt-api': '{"name": "a.txt", "memory_id": 1}' }, body),
      400,
      'header LILT-API field memory_id: is not allowed',
    );
  });

  it('answers 404 for an unknown or foreign project', async () => {
    const other = await createOtherOrganization(t.storage);
    await expectRefused(
      () => postDocument(t.app, { name: 'a.txt', project_id: '99999' }, 'Hello.'),
      404,
      'Project 99999 not found',
    );
    await expectRefused(
      () => postDocument(t.app, headers('a.txt'), 'Hello.', other.key),
      404,
      `Project ${project.id} not found`,
    );
  });

  it('refuses an unsupported format with the supported ones (415)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expectRefused(
      () => postDocument(t.app, headers('logo.png'), png),
      415,
      /supported: plain text.*JSON/,
    );
  });

  it('refuses a malformed file with the line and column', async () => {
    const broken = '<xliff version="1.2">\n<file source-language="en">\n<body></file></xliff>';
    await expectRefused(
      () => postDocument(t.app, headers('broken.xlf'), broken),
      400,
      /broken\.xlf: .*line \d+, column \d+/,
    );
  });

  it('refuses an XLIFF in other languages than the project, naming both', async () => {
    const french = fixture('find-toolbar.xlf');
    const text = new TextDecoder()
      .decode(french)
      .replace('source-language="en-US"', 'source-language="fr-FR"');
    await expectRefused(
      () => postDocument(t.app, headers('fr.xlf'), text),
      400,
      "the file's source language fr-FR is not the project's source language en",
    );
  });

  it('refuses hostile XML: entity expansion, external entities, deep nesting', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY lol "lol">' +
      Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
      ).join('') +
      ']><xliff version="1.2"><file source-language="en"><body><trans-unit id="1"><source>&lol9;</source></trans-unit></body></file></xliff>';
    await expectRefused(() => postDocument(t.app, headers('laughs.xlf'), laughs), 400, /entit/i);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<xliff version="1.2"><file source-language="en"><body><trans-unit id="1"><source>&xxe;</source></trans-unit></body></file></xliff>';
    await expectRefused(() => postDocument(t.app, headers('xxe.xlf'), xxe), 400, /entit/i);
    const deep =
      '<xliff version="1.2"><file source-language="en"><body>' +
      '<group>'.repeat(100) +
      '</group>'.repeat(100) +
      '</body></file></xliff>';
    await expectRefused(() => postDocument(t.app, headers('deep.xlf'), deep), 400, /nest|deep/i);
  });

  it('answers 413 naming the limit, declared or streamed', async () => {
    const over = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 'a');
    await expectRefused(
      () => postDocument(t.app, headers('big.txt'), over),
      413,
      `${MAX_DOCUMENT_BYTES} bytes`,
    );
    const streamed = () =>
      t.app.inject({
        method: 'POST',
        url: '/v2/documents/files',
        headers: {
          ...auth(TEST_KEY),
          'content-type': 'application/octet-stream',
          ...headers('big.txt'),
        },
        payload: Readable.from(
          (function* () {
            for (let i = 0; i <= MAX_DOCUMENT_BYTES / 2 ** 20; i++)
              yield Buffer.alloc(2 ** 20, 'a');
          })(),
        ),
      });
    await expectRefused(streamed, 413, `${MAX_DOCUMENT_BYTES} bytes`);
  });

  it('answers 413 for more segments than a document may have', async () => {
    const lines = Array.from({ length: MAX_DOCUMENT_SEGMENTS + 1 }, (_, i) => `Line ${i}.`);
    await expectRefused(
      () => postDocument(t.app, headers('long.txt'), lines.join('\n\n')),
      413,
      '100,001 segments, more than the limit of 100,000 per document',
    );
  });
});

describe('documents by id', () => {
  it('lists the document in its project, reads it and deletes it', async () => {
    const document = await uploadDocument(t.app, project.id, 'list.txt', 'Listed here.');
    const projects = await t.app.inject({
      url: `/v2/projects?id=${project.id}`,
      headers: auth(TEST_KEY),
    });
    const listed = (projects.json() as Project[])[0]!.document.find((d) => d.id === document.id);
    expect(listed).toMatchObject({ id: document.id, name: 'list.txt', import_succeeded: true });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v2/documents?id=${document.id}`,
      headers: auth(TEST_KEY),
    });
    expect(removed.json()).toEqual({ id: document.id, deleted: true });
    const segments = await t.storage.db
      .selectFrom('segments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('document_id', '=', document.id)
      .executeTakeFirst();
    expect(segments).toEqual({ n: 0 });
    const again = await t.app.inject({
      url: `/v2/documents?id=${document.id}`,
      headers: auth(TEST_KEY),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: `Document ${document.id} not found` });
  });

  it("never shows or changes another organization's document", async () => {
    const other = await createOtherOrganization(t.storage, 'wb_isolation-key-0123456789');
    const document = await uploadDocument(t.app, project.id, 'mine.txt', 'Mine alone.');
    const before = await documentTables(t.storage.db);
    for (const [method, url] of [
      ['GET', `/v2/documents?id=${document.id}`],
      ['DELETE', `/v2/documents?id=${document.id}`],
      ['GET', `/v2/documents/files?id=${document.id}`],
      ['GET', `/v2/documents/files?id=${document.id}&is_xliff=false`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: auth(other.key) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: `Document ${document.id} not found` });
    }
    expect(await documentTables(t.storage.db)).toEqual(before);
    const projects = await t.app.inject({ url: '/v2/projects', headers: auth(other.key) });
    expect(projects.json()).toEqual([]);
  });

  it('answers 400 for a bad id', async () => {
    const response = await t.app.inject({
      url: '/v2/documents/files?id=abc',
      headers: auth(TEST_KEY),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/id/);
  });
});
