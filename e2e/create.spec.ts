import { join } from 'node:path';
import { writeTinyGguf } from '../server/llm/tiny-gguf';
import { expect, test } from './fixtures';
import { CreatePage } from './pages/CreatePage';
import { EditorPage } from './pages/EditorPage';

test('Create on the embedded engine: configure, sign, stream, stop, save, translate into Spanish', async ({
  page,
  webHost,
}) => {
  test.setTimeout(180_000);
  // A real GGUF model with random weights: nonsense words through the real llama.cpp path.
  const modelPath = await writeTinyGguf(join(webHost.dataDir, 'tiny.gguf'), { seed: 17 });
  const create = new CreatePage(page);
  await create.shell.open(webHost.url);
  await create.shell.expectConnected();

  await create.open();
  await create.signTerms();
  await create.setEmbeddedEngine(modelPath);
  expect(await create.testEngine()).toMatch(/\S/);

  await create.open();
  await create.fill({ name: 'Trail boots', summary: 'waterproof hiking boots', words: 1000 });
  await create.generate();
  // Pieces arrive while the generation runs: the live text grows before it ends.
  await expect.poll(() => create.streamedWords(), { timeout: 60_000 }).toBeGreaterThan(3);
  const early = await create.streamedWords();
  await expect.poll(() => create.streamedWords(), { timeout: 60_000 }).toBeGreaterThan(early);
  await expect(create.progress).toHaveAttribute('aria-live', 'polite');
  // Stop it, unless it ended first.
  const isStopped = await create.stop.isVisible();
  if (isStopped) await create.stop.click();
  await expect(create.contentText).toBeVisible();
  await expect(create.contentMeta).toContainText(isStopped ? 'stopped before the end' : 'finished');
  const generated = await create.contentText.inputValue();
  expect(generated.trim().length).toBeGreaterThan(0);

  // Edit and save; the saved contents list has it.
  await create.contentText.fill(`Trail boots for wet days.\n\n${generated.trim()}`);
  await create.save.click();
  await expect(create.save).toHaveText('Saved');
  await expect(page.getByTestId('create-contents')).toContainText('Trail boots');

  // Into a new Spanish project as a document; the editor opens on it with the text as segments.
  await create.translateIntoNewProject('Trail boots (es)', 'es');
  await expect(page).toHaveURL(/#\/editor\?project=\d+&document=\d+$/);
  const editor = new EditorPage(page);
  await expect(editor.editor).toBeVisible();
  await expect(editor.segment(1).getByTestId('segment-source')).toHaveText(
    'Trail boots for wet days.',
  );
  await expect(editor.segment(2)).toBeVisible();
});
