import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { auth, createMemory, importFile } from './test-support';

// Issue 14: an export keeps the locales as imported (`en-US` stays `en-US`).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
});
afterAll(() => t.close());

const tmx = (units: [string, string, string, string][]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en-US" ' +
  'datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="x" ' +
  'creationtoolversion="1"/><body>' +
  units
    .map(
      ([srclang, source, trglang, target]) =>
        `<tu><tuv xml:lang="${srclang}"><seg>${source}</seg></tuv>` +
        `<tuv xml:lang="${trglang}"><seg>${target}</seg></tuv></tu>`,
    )
    .join('') +
  '</body></tmx>';

async function exported(memoryId: number): Promise<string[][]> {
  const response = await t.app.inject({
    url: `/v2/memories/export?id=${memoryId}`,
    headers: auth(t.key),
  });
  expect(response.statusCode, response.body).toBe(200);
  return [...response.body.matchAll(/<tu [^>]*>([\s\S]*?)<\/tu>/g)].map(([, tu]) =>
    [...tu!.matchAll(/<tuv xml:lang="([^"]*)"><seg>([^<]*)</g)].flatMap(([, lang, seg]) => [
      lang!,
      seg!,
    ]),
  );
}

describe('TMX export of imported units', () => {
  it('writes each tuv in the locale it was imported with', async () => {
    const memory = await createMemory(t.app);
    await importFile(
      t.app,
      memory.id,
      'mx.tmx',
      tmx([
        ['en-US', 'Open the file.', 'es-MX', 'Abre el archivo.'],
        ['en-GB', 'Colour', 'es-ES', 'Color'],
        ['en', 'Save', 'es', 'Guardar'],
      ]),
    );
    expect(await exported(memory.id)).toEqual([
      ['en-US', 'Open the file.', 'es-MX', 'Abre el archivo.'],
      ['en-GB', 'Colour', 'es-ES', 'Color'],
      ['en', 'Save', 'es', 'Guardar'],
    ]);
    // Units whose tags are the memory's own store none: they follow the memory.
    const stored = await t.storage.db
      .selectFrom('memory_units')
      .select('metadata')
      .where('memory_id', '=', memory.id)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.metadata)).toEqual([
      JSON.stringify({ srclang: 'en-US', trglang: 'es-MX' }),
      JSON.stringify({ srclang: 'en-GB', trglang: 'es-ES' }),
      null,
    ]);
  });

  it("uses the memory's locales for a unit that kept none, and the tuvs' when the file is reversed", async () => {
    const memory = await createMemory(t.app, { srclocale: 'US' });
    await importFile(
      t.app,
      memory.id,
      'mixed.tmx',
      tmx([
        ['en-US', 'Print', 'es', 'Imprimir'],
        ['es-MX', 'Cerrar', 'en-US', 'Close'],
      ]),
    );
    expect(await exported(memory.id)).toEqual([
      ['en-US', 'Print', 'es', 'Imprimir'],
      ['en-US', 'Close', 'es-MX', 'Cerrar'],
    ]);
  });
});
