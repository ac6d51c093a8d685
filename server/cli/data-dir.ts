import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The platform's per-user app-data folder for Wordbench (the desktop app passes Electron's
 * `userData` instead). Paths are built with the platform's own separators.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Wordbench');
  }
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Wordbench');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'wordbench');
}
