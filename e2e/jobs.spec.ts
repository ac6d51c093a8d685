import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { EditorPage } from './pages/EditorPage';
import { JobsPage } from './pages/JobsPage';
import { MemoriesPage, tmFixture } from './pages/MemoriesPage';

const LEASE = EditorPage.text('lease-notes.txt');
const AGREEMENT = EditorPage.text('tenancy-agreement.txt');
const WELCOME = { name: 'welcome.txt', text: 'Welcome to the flat. The keys are in the box.\n' };
const FILES = [
  { name: LEASE.name, text: LEASE.buffer.toString('utf8') },
  { name: AGREEMENT.name, text: AGREEMENT.buffer.toString('utf8') },
  WELCOME,
];
const TRANSLATION = 'El inquilino debe pagar el alquiler el quinto día de cada mes.';

test('a job from three files into Spanish and Catalan: analysed, translated, delivered, downloaded', async ({
  page,
  webHost,
}) => {
  test.setTimeout(180_000);
  // Spanish has a memory filled from the tenancy TMX; Catalan gets a new, empty one.
  const memories = new MemoriesPage(page);
  await memories.shell.open(webHost.url);
  await memories.shell.expectConnected();
  await memories.open();
  await memories.createMemory({ name: 'Tenancy', srclang: 'en', trglang: 'es' });
  const tmx = tmFixture('tenancy.en-es.tmx');
  await memories.dropFiles([tmx]);
  expect(await memories.expectImportDone(tmx.name)).toBe('Added 4 units.');

  const jobs = new JobsPage(page);
  await jobs.open();
  await jobs.create({
    name: 'Spring release',
    files: FILES,
    source: 'en',
    sourceLocale: 'US',
    targets: [
      { language: 'es', memory: 'Tenancy (en → es)' },
      { language: 'ca', memory: 'new' },
    ],
  });
  await expect(jobs.project('es')).toBeVisible();
  await expect(jobs.project('ca')).toBeVisible();
  const jobUrl = page.url();

  // The leverage chart: Spanish finds matches in its memory, Catalan finds none.
  await jobs.analyse();
  await expect(jobs.bar('es')).toHaveAttribute(
    'aria-label',
    /(100% match|fuzzy): [1-9][\d,]* words/,
  );
  await expect(jobs.bar('ca')).not.toHaveAttribute('aria-label', /100% match|fuzzy/);
  await expect(jobs.bar('ca')).toHaveAttribute('aria-label', /No match: \d+ words/);
  await expect(jobs.chart.getByRole('list', { name: 'Bands' })).toContainText('No match');
  await expect(jobs.leverageTable.getByRole('row', { name: /^Total/ }).first()).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('leverage-export-csv').click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('Spring release leverage.csv');
  const csvText = await readFile(await csv.path(), 'utf8');
  expect(csvText.split('\r\n')[0]).toBe('Language,Band,Words,Segments,Characters');
  expect(csvText).toMatch(/^All languages,Total,\d+,\d+,\d+\r$/m);

  // One segment translated in the editor, opened from the job's page.
  await jobs.project('es').getByTestId('job-open-editor-es').click();
  const editor = new EditorPage(page);
  await expect(editor.documents).toBeVisible();
  await editor.openDocument(LEASE.name);
  await editor.expectActive(1);
  await editor.target.fill(TRANSLATION);
  await editor.confirm();
  await expect(editor.progress).toContainText('1 of');

  await page.goto(jobUrl);
  await expect(jobs.jobPage).toBeVisible();
  await expect(jobs.project('es').getByRole('progressbar')).not.toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await jobs.deliver();
  await expect(jobs.project('es')).toContainText('Done');
  await expect(jobs.project('ca')).toContainText('Done');

  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await jobs.downloadButton().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Spring release.zip');
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(zip).sort()).toEqual(
    ['ca', 'es'].flatMap((language) => FILES.map((file) => `${language}/${file.name}`)).sort(),
  );
  expect(strFromU8(zip[`es/${LEASE.name}`]!)).toContain(TRANSLATION);
});
