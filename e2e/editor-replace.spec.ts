import { expect, test } from './fixtures';
import { EditorPage } from './pages/EditorPage';
import { documentInNewProject } from './pages/editor-setup';

const text = EditorPage.text('lease-notes.txt');

const TARGETS = [
  'El inquilino paga el alquiler el día cinco.',
  'La cocina tiene una ventana nueva.',
  'El piso tiene 3 dormitorios.',
  'El inquilino paga el alquiler el día cinco de cada mes.',
];

test('search and replace with undo: a preview with a segment left out, then a regex with $1', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Replace');
  for (const [at, target] of TARGETS.entries()) {
    await editor.segment(at + 1).click();
    await editor.target.fill(target);
    await editor.confirm();
    await expect(editor.segment(at + 1)).toHaveAttribute('data-status', 'confirmed');
  }

  const search = page.getByTestId('find-search');
  const replaceInput = page.getByTestId('replace-input');
  const preview = page.getByTestId('replace-preview');
  const targetOf = (number: number) => editor.segment(number).getByTestId('segment-target');
  const notice = page.getByTestId('replace-notice');

  // Ctrl+H opens the replace row with its field focused.
  await editor.segment(2).click();
  await editor.target.press('Control+h');
  await expect(replaceInput).toBeFocused();
  await search.fill('alquiler');
  await replaceInput.fill('renta');
  await page.getByTestId('replace-all').click();

  // The preview: both segments, before and after marked; segment 4 left out.
  await expect(preview).toBeVisible();
  const changes = preview.getByTestId('replace-change');
  await expect(changes).toHaveCount(2);
  await expect(preview.getByTestId('replace-preview-count')).toHaveText(
    '2 replacements in 2 segments.',
  );
  await expect(changes.nth(0).getByTestId('replace-removed')).toHaveText(/alquiler/);
  await expect(changes.nth(0).getByTestId('replace-inserted')).toHaveText(/renta/);
  await changes.nth(1).getByTestId('replace-change-tick').uncheck();
  await expect(preview.getByTestId('replace-preview-count')).toHaveText(
    '1 replacement in 1 segment.',
  );
  await preview.getByTestId('replace-preview-apply').click();
  await expect(preview).toBeHidden();
  await expect(notice).toHaveText('Replaced 1 in 1 segment.');

  // Only segment 1 changed; as an edit of a confirmed segment, it is a draft now.
  await search.fill('');
  await expect(targetOf(1)).toHaveText('El inquilino paga el renta el día cinco.');
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'draft');
  await expect(targetOf(4)).toHaveText(TARGETS[3]!);

  // Undo (the button here; Ctrl+Shift+H does the same): back as it was, confirmed again.
  await page.getByTestId('replace-undo').click();
  await expect(notice).toHaveText('Undone: 1 segment back as it was.');
  await expect(targetOf(1)).toHaveText(TARGETS[0]!);
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');
  await expect(page.getByTestId('replace-undo')).toBeHidden();

  // A regular expression with a group: "3 dormitorios" -> "3 habitaciones".
  await page.getByTestId('find-mode-regex').click();
  await search.fill('(\\d+) dormitorios');
  await replaceInput.fill('$1 habitaciones');
  await page.getByTestId('replace-all').click();
  await expect(changes).toHaveCount(1);
  await expect(changes.first().getByTestId('replace-after')).toContainText('3 habitaciones');
  await preview.getByTestId('replace-preview-apply').click();
  await search.fill('');
  await expect(targetOf(3)).toHaveText('El piso tiene 3 habitaciones.');

  // Ctrl+Shift+H undoes it from the target.
  await editor.segment(2).click();
  await editor.target.press('Control+Shift+h');
  await expect(targetOf(3)).toHaveText(TARGETS[2]!);
});
