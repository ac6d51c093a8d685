import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { docxOf } from '../server/formats/documents/corpus/office-files';
import { expect, test } from './fixtures';
import { FilesPage } from './pages/FilesPage';
import { MemoriesPage } from './pages/MemoriesPage';
import { TranslationsPage, type BinaryFile } from './pages/TranslationsPage';

const HELP = { name: 'LibreOffice help', srclang: 'en', trglang: 'es' };
const MEMORY_LABEL = 'LibreOffice help (en → es)';
const DATA = path.join(import.meta.dirname, '..', '..', 'shared', 'data', 'lohelp-7.4.en-es.tsv');
// Enough real units to make a memory worth searching, few enough to import in a second or two.
const IMPORTED_LINES = 2000;
// Lines no unit of the memory resembles: machine translation fills them.
const MT_LINES = ['The house is big.', 'The weather is good today.'];

interface Unit {
  en: string;
  es: string;
}

/** The memory's TSV (a header naming the language columns) and three plain sentences from it. */
function helpData(): { tsv: string; units: Unit[] } {
  if (!existsSync(DATA)) {
    throw new Error(`${DATA} is missing: it holds the English-Spanish units this test imports.`);
  }
  const rows = readFileSync(DATA, 'utf8').split('\n').filter(Boolean).slice(0, IMPORTED_LINES);
  const targets = new Map<string, Set<string>>();
  for (const [, , en = '', es = ''] of rows.map((row) => row.split('\t'))) {
    targets.set(en, (targets.get(en) ?? new Set()).add(es));
  }
  // Sentences of plain words with one translation, so the expected target is certain.
  const units = [...targets]
    .filter(([en, es]) => es.size === 1 && /^[A-Z][A-Za-z ,']+\.$/.test(en))
    .filter(([en]) => en.split(' ').length >= 6 && en.split(' ').length <= 16)
    .slice(0, 3)
    .map(([en, es]) => ({ en, es: [...es][0]! }));
  expect(units, 'three plain sentences in the data').toHaveLength(3);
  return { tsv: ['path\tid\ten\tes', ...rows].join('\n'), units };
}

/** What Apertium itself makes of a line (the server's MT engine); it reads a shell pipe. */
const apertium = (line: string) =>
  execFileSync('bash', ['-c', 'printf "%s\\n" "$1" | apertium -u eng-spa', 'apertium', line], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal WordprocessingML package, plain paragraphs. */
const docx = (paragraphs: readonly string[]) => docxOf(paragraphs, { boldEvery: 0 });

function html(title: string, paragraphs: readonly string[]): string {
  const body = paragraphs.map((text) => `    <p>${escapeXml(text)}</p>`).join('\n');
  return `<!DOCTYPE html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8">\n    <title>${escapeXml(title)}</title>\n  </head>\n  <body>\n    <h1>${escapeXml(title)}</h1>\n${body}\n  </body>\n</html>\n`;
}

function po(entries: readonly string[]): string {
  const header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n';
  const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return [header, ...entries.map((text) => `msgid ${quote(text)}\nmsgstr ""\n`)].join('\n');
}

/** msgid -> msgstr of a PO file, continuation lines joined (long strings are wrapped). */
function poEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) =>
    (JSON.parse(line.slice(line.indexOf('"'))) as string).replace(/\\n/g, '\n');
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (field === 'msgstr') entries.set(id, str);
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      id = unquote(line);
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      str = unquote(line);
    } else if (line.startsWith('"') && field === 'msgid') id += unquote(line);
    else if (line.startsWith('"') && field === 'msgstr') str += unquote(line);
  }
  flush();
  return entries;
}

/** The element names of an HTML page in order: its structure, without the text. */
const tagSequence = (page: string) => [...page.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((m) => m[0]);

test('dropped DOCX, HTML and PO files are translated into Spanish: TM where a line matches, Apertium elsewhere', async ({
  page,
  webHost,
}) => {
  test.setTimeout(180_000);
  const { tsv, units } = helpData();
  const [tm1, tm2, tm3] = units as [Unit, Unit, Unit];
  const [mt1, mt2] = MT_LINES as [string, string];
  // The browser's Notification, granted and recorded (the web host has no system notifier).
  await page.addInitScript(() => {
    const g = globalThis as unknown as { notified: string[]; Notification: unknown };
    g.notified = [];
    g.Notification = class {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string, options?: { body?: string }) {
        g.notified.push(`${title}: ${options?.body ?? ''}`);
      }
    };
  });

  const memories = new MemoriesPage(page);
  await memories.shell.open(webHost.url);
  await memories.shell.expectConnected();
  await memories.open();
  await memories.createMemory(HELP);
  await memories.select(HELP.name);
  await memories.dropFiles([{ name: 'lohelp-7.4.en-es.tsv', text: tsv }]);
  await memories.expectImportDone('lohelp-7.4.en-es.tsv');

  const files: BinaryFile[] = [
    { name: 'guide.docx', bytes: docx([tm1.en, mt1, tm2.en]) },
    { name: 'page.html', bytes: strToU8(html(mt2, [tm2.en, mt1, tm3.en])) },
    { name: 'ui.po', bytes: strToU8(po([tm3.en, mt2, tm1.en])) },
  ];
  const filesView = new FilesPage(page);
  const translations = new TranslationsPage(page);
  await filesView.open();
  // Slow uploads let the Translations list load (empty) before any translation exists, so that
  // each one becoming ready is news it must announce.
  const unthrottle = await filesView.throttleUploads(800);
  await translations.dropToTranslate(MEMORY_LABEL, files);
  await expect(filesView.uploadRows).toHaveCount(3);
  await translations.open();
  await expect(translations.empty).toBeVisible();
  await unthrottle();

  await expect(translations.rows).toHaveCount(3);
  const rows = new Map<string, { translated: string; row: ReturnType<TranslationsPage['row']> }>();
  for (const { name } of files) {
    const row = translations.row(name);
    await expect(row.getByTestId('translation-pair')).toHaveText('en → es');
    const translated = await row.getByTestId('translation-translated-name').innerText();
    rows.set(name, { translated, row });
  }
  expect([...rows.values()].map((r) => r.translated).sort()).toEqual([
    'guide.es.docx',
    'page.es.html',
    'ui.es.po',
  ]);

  // The PO filter exists: it comes first, so its checks run whatever the others do.
  const poRow = await translations.expectReady('ui.po');
  await expect(poRow.getByTestId('translation-counts')).toHaveText(/TM 2 · MT 1/);
  await expect(poRow.getByTestId('translation-status')).toHaveText('Ready');
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { notified: string[] }).notified))
    .toContainEqual(expect.stringContaining('ui.es.po is ready'));
  await expect(translations.notice).toContainText('ui.es.po');

  const poDownload = await translations.download('ui.po');
  expect(poDownload.suggestedFilename()).toBe('ui.es.po');
  const poPath = await poDownload.path();
  const poText = readFileSync(poPath, 'utf8');
  execFileSync('msgfmt', ['--check', '-o', '/dev/null', poPath]);
  const poTargets = poEntries(poText);
  expect([...poTargets.keys()]).toEqual(['', tm3.en, mt2, tm1.en]);
  expect(poTargets.get(tm3.en)).toBe(tm3.es);
  expect(poTargets.get(mt2)).toBe(apertium(mt2));
  expect(poTargets.get(tm1.en)).toBe(tm1.es);
  await expect(poRow.getByTestId('translation-status')).toHaveText('Downloaded');

  // HTML: same elements in the same order, Spanish inside them.
  const htmlRow = await translations.expectReady('page.html');
  await expect(htmlRow.getByTestId('translation-counts')).toHaveText(/TM 2 · MT [1-9]/);
  const htmlDownload = await translations.download('page.html');
  expect(htmlDownload.suggestedFilename()).toBe('page.es.html');
  const htmlText = readFileSync(await htmlDownload.path(), 'utf8');
  expect(tagSequence(htmlText)).toEqual(tagSequence(strFromU8(files[1]!.bytes)));
  expect(htmlText).toContain(`<p>${escapeXml(tm2.es)}</p>`);
  expect(htmlText).toContain(`<p>${escapeXml(tm3.es)}</p>`);
  expect(htmlText).toContain(`<p>${escapeXml(apertium(mt1))}</p>`);
  expect(htmlText).toContain(`<h1>${escapeXml(apertium(mt2))}</h1>`);

  // DOCX: the same package parts, a readable document, Spanish text.
  const docxRow = await translations.expectReady('guide.docx');
  await expect(docxRow.getByTestId('translation-counts')).toHaveText(/TM 2 · MT 1/);
  const docxDownload = await translations.download('guide.docx');
  expect(docxDownload.suggestedFilename()).toBe('guide.es.docx');
  const docxBytes = readFileSync(await docxDownload.path());
  expect(Object.keys(unzipSync(docxBytes)).sort()).toEqual(
    Object.keys(unzipSync(files[0]!.bytes)).sort(),
  );
  const { value: docxText } = await mammoth.extractRawText({ buffer: docxBytes });
  const paragraphs = docxText.split('\n').filter((line) => line.trim() !== '');
  expect(paragraphs).toEqual([tm1.es, apertium(mt1), tm2.es]);

  // The monitor's filters: all three downloaded, none failed.
  await translations.statusFilter.selectOption({ label: 'Downloaded' });
  await expect(translations.rows).toHaveCount(3);
  await translations.statusFilter.selectOption({ label: 'Failed' });
  await expect(page.getByTestId('translations-no-match')).toBeVisible();
});

test('ticked files are translated from the keyboard with Translate…, machine translation only', async ({
  page,
  webHost,
}) => {
  const memories = new MemoriesPage(page);
  await memories.shell.open(webHost.url);
  await memories.shell.expectConnected();
  await memories.open();
  await memories.createMemory(HELP);

  const filesView = new FilesPage(page);
  const translations = new TranslationsPage(page);
  await filesView.open();
  const entries = ['Open the file.', 'The house is big.'];
  await filesView.dropFiles([
    { name: 'a.po', text: po(entries) },
    { name: 'b.po', text: po(entries.slice(1)) },
  ]);
  for (const name of ['a.po', 'b.po']) await filesView.expectUploadDone(name);
  await expect(translations.translateSelected).toBeDisabled();
  for (const name of ['a.po', 'b.po']) {
    await filesView.fileRow(name).getByTestId('file-select').focus();
    await page.keyboard.press('Space');
  }
  await expect(page.getByTestId('selected-count')).toHaveText('2 files selected');
  await translations.translateSelected.focus();
  await page.keyboard.press('Enter');
  await expect(translations.dialog).toBeVisible();
  await expect(page.getByTestId('translate-memory')).toHaveValue(/\d+/);
  await page.getByTestId('translate-with-tm').uncheck();
  await expect(page.getByTestId('translate-min-score')).toBeDisabled();
  await page.getByTestId('translate-start').click();

  // Starting opens the Translations view.
  await expect(translations.view).toBeVisible();
  const row = await translations.expectReady('a.po');
  await expect(row.getByTestId('translation-counts')).toHaveText(/TM 0 · MT 2/);
  await expect(row.getByTestId('translation-meta')).toContainText('machine translation only');
  await translations.expectReady('b.po');
  const download = await translations.download('b.po');
  expect(download.suggestedFilename()).toBe('b.es.po');
  const targets = poEntries(readFileSync(await download.path(), 'utf8'));
  expect(targets.get('The house is big.')).toBe(apertium('The house is big.'));
});
