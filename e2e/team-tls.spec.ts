/**
 * A team server over HTTPS with a certificate from the team's own authority: the app refuses a
 * plain http:// address for a hosted service, trusts the authority pasted in Settings, and then
 * reaches the server (a real one, serving its own TLS) with the key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestCertificate } from '../server/http/tls-test-support';
import { startServer, type RunningServer } from '../server/start';
import { expect, test } from './fixtures';
import { SettingsPage } from './pages/SettingsPage';

// From the app's first state, the embedded server, to a team server in Settings.
test.use({ connection: 'embedded' });

const TEAM_KEY = 'wb_e2e-team-key-0123456789';
let dir: string;
let cert: string;
let team: RunningServer;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'wordbench-e2e-team-'));
  const made = makeTestCertificate(dir);
  cert = made.cert.toString();
  team = await startServer({
    dataDir: path.join(dir, 'data'),
    bootstrapKey: TEAM_KEY,
    tls: made,
    logger: false,
  });
});
test.afterAll(async () => {
  await team.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a team server is reached over https, trusting the team’s own authority', async ({
  page,
  webHost,
}) => {
  const settings = new SettingsPage(page);
  await settings.shell.open(webHost.url);
  await settings.shell.expectEmbeddedRunning();
  await settings.open();

  await settings.modeRemote.check();
  await settings.baseUrl.fill('http://wordbench.team.example');
  await settings.saveConnection.click();
  await expect(page.locator('#connection-base-url-error')).toContainText('Use https://');
  await expect(settings.connectionSaved).toHaveCount(0);

  await settings.baseUrl.fill(team.url);
  await settings.trustedAuthorities.fill('not a certificate');
  await settings.saveConnection.click();
  await expect(page.locator('#connection-ca-error')).toContainText('PEM certificates');

  await settings.trustedAuthorities.fill(cert);
  await settings.saveConnection.click();
  await expect(settings.connectionSaved).toBeVisible();
  await settings.setApiKey(TEAM_KEY);
  await settings.testConnection.click();
  await expect(settings.testConnectionResult).toHaveAttribute('data-ok', 'true');

  // The authority stays with the connection after a reload.
  await page.reload();
  await settings.open();
  await expect(settings.trustedAuthorities).toHaveValue(cert.trim());
});
