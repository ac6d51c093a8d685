import { expect, test } from './fixtures';
import { EditorPage } from './pages/EditorPage';
import { documentInNewProject } from './pages/editor-setup';

const text = EditorPage.text('lease-notes.txt');

test('QA warns while typing, reports the document, goes to a warning and remembers an ignore', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Check');

  // Segment 3 is "The flat has 3 bedrooms.": a wrong number is said before any confirm.
  await editor.segment(3).click();
  await editor.expectActive(3);
  const live = editor.segment(3).getByTestId('live-qa-warning');
  await editor.target.fill('El piso tiene 4 dormitorios.');
  await expect(live).toHaveCount(2);
  await expect(live.first()).toHaveAttribute('data-code', 'number-missing');
  await expect(live.first()).toContainText('“3”');
  await expect(editor.segment(3)).not.toHaveAttribute('data-status', 'confirmed');
  // Fixed as typed: the warnings go.
  await editor.target.fill('El piso tiene 3 dormitorios.');
  await expect(live).toHaveCount(0);
  await editor.target.fill('El piso tiene 4 dormitorios.');
  await expect(live).toHaveCount(2);
  await editor.confirm();

  // The report (F8), from another segment: clicking a warning makes its segment active.
  await editor.segment(1).click();
  await editor.expectActive(1);
  await editor.target.press('F8');
  const report = page.getByTestId('qa-report');
  await expect(report).toBeVisible();
  const missing = report.locator(
    '[data-testid="qa-report-item"][data-code="number-missing"]:not([data-ignored])',
  );
  await expect(missing).toHaveCount(1);
  await expect(missing).toContainText('El piso tiene 4 dormitorios.');
  await missing.getByTestId('qa-report-go').click();
  await expect(editor.segment(3)).toHaveAttribute('data-active', 'true');

  // Ignored: gone from the report and from the live warnings, and still so after a reload.
  await missing.getByTestId('qa-report-ignore').click();
  await expect(missing).toHaveCount(0);
  await expect(live).toHaveCount(1);
  await expect(live).toHaveAttribute('data-code', 'number-extra');

  // The address keeps the open document: a reload comes back to it.
  await page.reload();
  await expect(editor.editor).toBeVisible();
  await page.getByTestId('qa-report-button').click();
  await expect(report).toBeVisible();
  await expect(
    report.locator('[data-testid="qa-report-item"][data-code="number-extra"]'),
  ).toHaveCount(1);
  await expect(missing).toHaveCount(0);
  await report.getByLabel('Show ignored').check();
  const ignored = report.locator('[data-testid="qa-report-item"][data-ignored]');
  await expect(ignored).toHaveCount(1);
  await expect(ignored).toHaveAttribute('data-code', 'number-missing');

  // A new target brings the warning back: the ignore was for the text it was made on.
  await ignored.getByTestId('qa-report-go').click();
  await expect(editor.segment(3)).toHaveAttribute('data-active', 'true');
  await editor.target.fill('El piso tiene 5 dormitorios.');
  await expect(live.first()).toHaveAttribute('data-code', 'number-missing');
});
