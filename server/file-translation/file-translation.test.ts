import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../shared/api/file-translation';
import { FILTER_CONFIGS } from '../domains/filter-configs';
import { corpusPairs } from '../formats/documents/corpus/corpus-pairs';
import { requireApertium } from '../mt/apertium-test-support';
import { createTestApp, type TestApp } from '../test-support';
import {
  downloadTranslation,
  memoryOf,
  monitor,
  startTranslation,
  translateNow,
  uploadFile,
} from './test-support';

const PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#: menu.c:1
msgid "Open a file"
msgstr ""

#: menu.c:2
msgid "The printer is ready."
msgstr ""
`;

/** msgfmt -c, from Debian's gettext; the test fails saying how to install it. */
function msgfmtCheck(po: Buffer): void {
  const dir = mkdtempSync(join(tmpdir(), 'wordbench-po-'));
  writeFileSync(join(dir, 'out.po'), po);
  try {
    execFileSync('msgfmt', ['-c', '-o', '/dev/null', join(dir, 'out.po')], { stdio: 'pipe' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('msgfmt is missing: apt-get install -y gettext');
    }
    throw new Error(`msgfmt -c refused the PO: ${String((error as { stderr?: Buffer }).stderr)}`);
  }
}

describe('file translation end to end (real Apertium)', () => {
  let t: TestApp;
  let memoryId: number;
  beforeAll(() => requireApertium());
  beforeEach(async () => {
    t = await createTestApp();
    memoryId = await memoryOf(t.app, [['Open a file', 'Abra un archivo']]);
  });
  afterEach(() => t.close());

  it('translates a PO file: memory where it matches, MT elsewhere, progress and counts', async () => {
    const file = await uploadFile(t.app, 'menu.po', PO);
    const info = await translateNow(t.app, file.id, memoryId);
    expect(info).toMatchObject({
      fileId: file.id,
      status: 'ReadyForDownload',
      format: 'po',
      segmentsDone: 2,
      segmentsTotal: 2,
      tmSegments: 1,
      mtSegments: 1,
      translatedName: 'menu.es.po',
      srclang: 'en',
      trglang: 'es',
      withTM: true,
      tmThreshold: 75,
    });
    expect(info.errorMsg).toBeUndefined();
    const download = await downloadTranslation(t.app, info.id);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toContain('menu.es.po');
    const po = download.rawPayload;
    expect(po.toString()).toContain('msgstr "Abra un archivo"');
    expect(po.toString()).toMatch(/msgid "The printer is ready."\nmsgstr "[^"]*impresora[^"]*"/);
    msgfmtCheck(po);
    const [after] = (await monitor(t.app, `translationIds=${info.id}`)).json() as TranslationInfo[];
    expect(after!.status).toBe('Completed');
    // Completed still downloads, the same bytes.
    expect((await downloadTranslation(t.app, info.id)).rawPayload.equals(po)).toBe(true);
  });

  it('a help file comes back line for line, every line an exact memory match', async () => {
    const pairs = corpusPairs(60);
    const help = await memoryOf(
      t.app,
      pairs.map((p) => [p.en, p.es]),
    );
    const file = await uploadFile(t.app, 'help.txt', `${pairs.map((p) => p.en).join('\n')}\n`);
    const info = await translateNow(t.app, file.id, help);
    expect(info).toMatchObject({ segmentsTotal: 60, tmSegments: 60, mtSegments: 0 });
    const out = (await downloadTranslation(t.app, info.id)).body;
    expect(out).toBe(`${pairs.map((p) => p.es).join('\n')}\n`);
  });

  it('withTM=false leaves the memory out: everything is MT', async () => {
    const file = await uploadFile(t.app, 'menu.po', PO);
    const info = await translateNow(t.app, file.id, memoryId, '&withTM=false');
    expect(info).toMatchObject({ status: 'ReadyForDownload', tmSegments: 0, mtSegments: 2 });
    expect(info.withTM).toBe(false);
  });

  it("tmThreshold sets the lowest TM score taken; configId takes its filter configuration's", async () => {
    const near = await memoryOf(t.app, [
      ['The printer is ready now.', 'La impresora ya está lista.'],
    ]);
    const file = await uploadFile(t.app, 'menu.po', PO);
    const strict = await translateNow(t.app, file.id, near, '&tmThreshold=100');
    expect(strict).toMatchObject({ tmSegments: 0, mtSegments: 2, tmThreshold: 100 });
    const loose = await translateNow(t.app, file.id, near, '&tmThreshold=60');
    expect(loose).toMatchObject({ tmSegments: 1, mtSegments: 1, tmThreshold: 60 });

    const po = FILTER_CONFIGS.find((config) => config.filterName === 'po')!;
    const csv = FILTER_CONFIGS.find((config) => config.filterName === 'csv')!;
    const byConfig = await translateNow(t.app, file.id, near, `&configId=${po.id}`);
    expect(byConfig.tmThreshold).toBe(po.settings.tmThreshold);
    // Another format's configuration lends its threshold; tmThreshold wins over it.
    const otherFormat = await translateNow(t.app, file.id, near, `&configId=${csv.id}`);
    expect(otherFormat.tmThreshold).toBe(csv.settings.tmThreshold);
    const both = await translateNow(t.app, file.id, near, `&configId=${po.id}&tmThreshold=60`);
    expect(both).toMatchObject({ tmSegments: 1, tmThreshold: 60 });
  });

  it('translates several files in one call, one info each, and lists them by time and status', async () => {
    const a = await uploadFile(t.app, 'a.txt', 'Open a file\n');
    const b = await uploadFile(t.app, 'b.txt', 'Close the window.\n');
    const started = await startTranslation(t.app, `fileId=${a.id},${b.id}&memoryId=${memoryId}`);
    expect(started.statusCode, started.body).toBe(200);
    const infos = started.json() as TranslationInfo[];
    expect(infos.map((i) => [i.fileId, i.status])).toEqual([
      [a.id, 'InProgress'],
      [b.id, 'InProgress'],
    ]);
    await t.app.work.idle();
    const all = (await monitor(t.app, 'fromTime=0')).json() as TranslationInfo[];
    expect(all.map((i) => i.id).sort()).toEqual(infos.map((i) => i.id).sort());
    const ready = (await monitor(t.app, 'status=ReadyForDownload')).json() as TranslationInfo[];
    expect(ready).toHaveLength(2);
    const future = Math.floor(Date.now() / 1000) + 60;
    expect((await monitor(t.app, `fromTime=${future}`)).json()).toEqual([]);
    expect((await monitor(t.app, `toTime=${infos[0]!.createdAt}`)).json()).toEqual([]);
    const text = (await downloadTranslation(t.app, infos[0]!.id)).body;
    expect(text).toBe('Abra un archivo\n');
  });

  it('writes drafts into XLIFF as needs-review-translation and stays well-formed', async () => {
    const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="ui" source-language="en" datatype="plaintext">
    <body>
      <trans-unit id="1"><source>Open a file</source></trans-unit>
      <trans-unit id="2"><source>Save the <g id="b">document</g> now.</source></trans-unit>
    </body>
  </file>
</xliff>
`;
    const file = await uploadFile(t.app, 'ui.xlf', xliff);
    const info = await translateNow(t.app, file.id, memoryId);
    expect(info).toMatchObject({ status: 'ReadyForDownload', tmSegments: 1, mtSegments: 1 });
    const out = (await downloadTranslation(t.app, info.id)).body;
    expect(out).toContain('target-language="es"');
    // The exact memory match is a translation; the MT one is a draft to review.
    expect(out).toMatch(/<source>Open a file<\/source><target state="translated">Abra un archivo</);
    expect(out).toMatch(/<target state="needs-review-translation">[^<]*<g id="b">/);
    expect(out).toMatch(/<g id="b">[^<]+<\/g>/);
    execFileSync('xmllint', ['--noout', '-'], { input: out });
  });
});
