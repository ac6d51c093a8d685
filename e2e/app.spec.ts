import { expect, test } from './fixtures';
import { AppShell, VIEWS } from './pages/AppShell';
import { SettingsPage } from './pages/SettingsPage';

test.describe('on a fresh machine, with its own embedded server', () => {
  test.use({ connection: 'embedded' });

  test('the app loads on the board, connected to the embedded server', async ({
    page,
    webHost,
  }) => {
    const shell = new AppShell(page);
    await shell.open(webHost.url);

    await expect(shell.view('board')).toBeVisible();
    await expect(shell.navLink('board')).toHaveAttribute('aria-current', 'page');
    await shell.expectEmbeddedRunning();
    await expect(page.getByText('No projects yet')).toBeVisible();
    // The per-launch token leaves the address bar once the page has it.
    expect(page.url()).not.toContain('token=');
  });

  test('Settings lists the English → Spanish pair from Apertium', async ({ page, webHost }) => {
    const settings = new SettingsPage(page);
    await settings.shell.open(webHost.url);
    await settings.open();

    await expect(settings.embeddedServerStatus).toContainText('running at http://127.0.0.1:');
    await expect(settings.apiKeyStatus).toHaveText('A key is set');
    await expect(
      settings.languagePairs.filter({ hasText: /^English \((en|eng)\) → Spanish \((es|spa)\)$/ }),
    ).toHaveCount(1);
  });

  test('testing the connection to the embedded server succeeds', async ({ page, webHost }) => {
    const settings = new SettingsPage(page);
    await settings.shell.open(webHost.url);
    await settings.shell.expectEmbeddedRunning();
    await settings.open();

    await settings.testConnection.click();
    await expect(settings.testConnectionResult).toHaveAttribute('data-ok', 'true');
    await expect(settings.testConnectionResult).toContainText('Test passed');
    await expect(settings.testConnectionResult).toContainText(/\d+ ms/);
  });
});

test('every view is reached by clicking the sidebar', async ({ page, webHost }) => {
  const shell = new AppShell(page);
  await shell.open(webHost.url);

  for (const { id, label } of [...VIEWS].reverse()) {
    await shell.navLink(id).click();
    await expect(shell.view(id)).toBeVisible();
    await expect(shell.view(id).getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(shell.navLink(id)).toHaveAttribute('aria-current', 'page');
    await expect(shell.nav.locator('[aria-current="page"]')).toHaveCount(1);
    expect(new URL(page.url()).hash).toBe(`#/${id}`);
  }
  // Hash routes take part in history.
  await page.goBack();
  await expect(shell.view('files')).toBeVisible();
});

test('every view is reached with the keyboard alone', async ({ page, webHost }) => {
  const shell = new AppShell(page);
  await shell.open(webHost.url);

  // The sidebar comes first in the tab order.
  await page.keyboard.press('Tab');
  for (const [index, { id }] of VIEWS.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    await expect(shell.navLink(id)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(shell.view(id)).toBeVisible();
    await expect(shell.navLink(id)).toHaveAttribute('aria-current', 'page');
  }
});

test('a view named in the address opens directly', async ({ page, webHost }) => {
  const shell = new AppShell(page);
  await shell.open(`${webHost.url}#/memories`);

  await expect(shell.view('memories')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/memories');
  expect(page.url()).not.toContain('token=');
});
