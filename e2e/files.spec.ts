import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures';
import type { BrowserGlobals } from './browser-globals';
import { FilesPage, type DroppedFile } from './pages/FilesPage';

const TEXTS = path.join(import.meta.dirname, 'fixtures', 'texts');

/** A paragraph of real prose per language: enough text for a confident detection. */
function textFile(name: string): DroppedFile & { text: string } {
  return { name, text: readFileSync(path.join(TEXTS, name), 'utf8') };
}

const english = textFile('tenancy-agreement.txt');
const spanish = textFile('contrato de alquiler.txt');
const german = textFile('Mietvertrag.txt');

test('dropped files upload, get their languages, take labels, filter, download and delete', async ({
  page,
  webHost,
}) => {
  const files = new FilesPage(page);
  await files.shell.open(webHost.url);
  await files.shell.expectConnected();
  await files.open();
  await expect(files.empty).toBeVisible();
  await expect(files.detectLanguage).toBeChecked();

  await files.dropFiles([english, spanish, german]);
  await expect(files.uploadRows).toHaveCount(3);
  for (const file of [english, spanish, german]) await files.expectUploadDone(file.name);

  await expect(files.fileRows).toHaveCount(3);
  for (const [file, language] of [
    [english, 'English'],
    [spanish, 'Spanish'],
    [german, 'German'],
  ] as const) {
    const row = files.fileRow(file.name);
    // A spinner while detection runs, then the language and the detector's confidence.
    await expect(row.getByTestId('file-language')).toHaveText(
      new RegExp(`^${language} · \\d{1,3}%$`),
    );
    await expect(row.getByTestId('language-pending')).toHaveCount(0);
    await expect(row.getByTestId('file-size')).toHaveText(`${Buffer.byteLength(file.text)} bytes`);
  }

  await files.addLabel(english.name, 'legal');
  await files.addLabel(german.name, 'legal');
  await files.labelFilter('legal').click();
  await expect(files.labelFilter('legal')).toHaveAttribute('aria-pressed', 'true');
  await expect(files.fileRows).toHaveCount(2);
  await expect.poll(() => files.fileNames()).toEqual([german.name, english.name].sort());
  expect(new URL(page.url()).hash).toBe('#/files?labels=legal');

  // The filter lives in the address, so it survives a reload.
  await page.reload();
  await files.shell.waitUntilReady();
  await expect(files.labelFilter('legal')).toHaveAttribute('aria-pressed', 'true');
  await expect(files.fileRows).toHaveCount(2);
  await files.labelFilterClear.click();
  await expect(files.fileRows).toHaveCount(3);
  expect(new URL(page.url()).hash).toBe('#/files');

  const downloading = page.waitForEvent('download');
  await files.fileRow(spanish.name).getByTestId('file-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(spanish.name);
  const saved = await readFile(await download.path());
  expect(saved.equals(Buffer.from(spanish.text, 'utf8'))).toBe(true);

  await files.deleteFile(german.name);
  await expect(files.fileRows).toHaveCount(2);
  await page.reload();
  await files.shell.waitUntilReady();
  await expect(files.fileRows).toHaveCount(2);
  await expect.poll(() => files.fileNames()).toEqual([spanish.name, english.name].sort());
});

test('a refused upload says why in words, and the others still finish', async ({
  page,
  webHost,
}) => {
  const files = new FilesPage(page);
  await files.shell.open(webHost.url);
  await files.shell.expectConnected();
  await files.open();

  await files.dropFiles([{ name: 'empty.txt', text: '' }, english]);
  const failed = files.uploadRow('empty.txt');
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await expect(failed.getByTestId('upload-error')).toBeVisible();
  // The server's own words, with the status that refused it.
  await expect(failed.getByTestId('upload-error')).toContainText(/\w+.*\(HTTP 4\d\d\)/);
  await files.expectUploadDone(english.name);
  await expect(files.fileRows).toHaveCount(1);

  // Finished rows can be dismissed one by one or together.
  await failed.getByTestId('upload-dismiss').click();
  await expect(failed).toHaveCount(0);
  await files.clearFinishedUploads.click();
  await expect(files.uploadRows).toHaveCount(0);
});

test('a picked file without detection shows no language; labels come and go', async ({
  page,
  webHost,
}) => {
  const files = new FilesPage(page);
  await files.shell.open(webHost.url);
  await files.shell.expectConnected();
  await files.open();

  await files.detectLanguage.uncheck();
  await files.category.selectOption('REFERENCE');
  // The "Choose files…" button opens this input; Playwright fills it directly.
  await files.filePicker.setInputFiles({
    name: english.name,
    mimeType: 'text/plain',
    buffer: Buffer.from(english.text, 'utf8'),
  });
  await files.expectUploadDone(english.name);
  const row = files.fileRow(english.name);
  await expect(row.getByTestId('file-language')).toHaveText('—not detected');
  await expect(row.getByTestId('file-language')).toHaveAttribute('data-lang', 'zxx');
  await expect(row.getByTestId('file-category')).toHaveText('Reference');

  await files.addLabel(english.name, 'draft');
  await expect(files.labelFilter('draft')).toBeVisible();
  await row
    .getByTestId('label-chip')
    .filter({ hasText: 'draft' })
    .getByTestId('label-remove')
    .click();
  await expect(row.getByTestId('label-chip')).toHaveCount(0);
  await expect(files.labelFilter('draft')).toHaveCount(0);

  // A label with a comma cannot be stored: the field says why instead of sending it.
  await row.getByTestId('label-input').fill('a,b');
  await row.getByTestId('label-input').press('Enter');
  await expect(row.getByTestId('label-input')).toHaveAttribute('aria-invalid', 'true');
  await expect(row.getByRole('alert')).toContainText('commas');
});

test('uploads run three at a time; a waiting or a running one can be cancelled', async ({
  page,
  webHost,
}) => {
  const files = new FilesPage(page);
  await files.shell.open(webHost.url);
  await files.shell.expectConnected();
  await files.open();

  // On loopback a file arrives before anyone could click; slowed down, each takes a while.
  const unthrottle = await files.throttleUploads(256 * 1024);
  const names = ['one.bin', 'two.bin', 'three.bin', 'four.bin'];
  await files.dropFiles(names.map((name) => ({ name, size: 3 * 1024 * 1024 })));
  const [one, two, three, four] = names.map((name) => files.uploadRow(name));
  if (!one || !two || !three || !four) throw new Error('four rows expected');

  for (const row of [one, two, three]) await expect(row).toHaveAttribute('data-state', 'uploading');
  await expect(four).toHaveAttribute('data-state', 'queued');
  await four.getByTestId('upload-cancel').click();
  await expect(four).toHaveAttribute('data-state', 'cancelled');
  await expect(four.getByTestId('upload-bytes')).toHaveText('Cancelled after 0 bytes of 3 MB');

  // Cancel a running upload once its bytes are seen arriving at the server.
  const sent = () => one.getByRole('progressbar').getAttribute('aria-valuenow').then(Number);
  await expect.poll(sent).toBeGreaterThan(0);
  await one.getByTestId('upload-cancel').click();
  await expect(one).toHaveAttribute('data-state', 'cancelled');
  await expect(one.getByTestId('upload-bytes')).toContainText('Cancelled after');

  await unthrottle();
  await files.expectUploadDone('two.bin');
  await files.expectUploadDone('three.bin');
  // A cancelled upload leaves nothing on the server.
  await expect(files.fileRows).toHaveCount(2);
  await expect.poll(() => files.fileNames()).toEqual(['three.bin', 'two.bin']);

  // …and can be tried again.
  await four.getByTestId('upload-retry').click();
  await files.expectUploadDone('four.bin');
  await expect(files.fileRows).toHaveCount(3);
});

test('a long list stays light: only the rows in view are in the page', async ({
  page,
  webHost,
}) => {
  const files = new FilesPage(page);
  await files.shell.open(webHost.url);
  await files.shell.expectConnected();

  const COUNT = 300;
  await page.evaluate(async (count) => {
    const g = globalThis as unknown as BrowserGlobals & {
      File: new (parts: string[], name: string) => Blob;
    };
    const upload = (index: number) => {
      const name = `note-${String(index).padStart(3, '0')}.txt`;
      return g.wordbench.files.upload({
        uploadId: `bulk-upload-${index}`,
        name,
        file: new g.File([`Note ${index}`], name),
        langId: false,
      });
    };
    // The first one alone, so that it is the oldest; then six at a time.
    await upload(0);
    for (let start = 1; start < count; start += 6) {
      const batch = Array.from({ length: Math.min(6, count - start) }, (_, i) => start + i);
      await Promise.all(batch.map(upload));
    }
  }, COUNT);

  await files.open();
  await expect(files.fileRows.first()).toBeVisible();
  const rendered = await files.fileRows.count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);

  // Newest first: scrolling to the end brings the first upload into view.
  await page
    .getByTestId('file-list')
    .locator('.file-table-scroll')
    .evaluate((element) => {
      const scroller = element as unknown as { scrollTop: number; scrollHeight: number };
      scroller.scrollTop = scroller.scrollHeight;
    });
  await expect(files.fileRow('note-000.txt')).toBeVisible();
  expect(await files.fileRows.count()).toBeLessThan(60);
});
