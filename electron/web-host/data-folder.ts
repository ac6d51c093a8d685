import { homedir } from 'node:os';
import { join } from 'node:path';

/** The web host's own data folder when `--data` is not given (vault, settings, embedded server). */
export function defaultWebHostDataDir(): string {
  const home = homedir();
  if (process.platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'Wordbench Web');
  if (process.platform === 'win32') {
    return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Wordbench Web');
  }
  return join(process.env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'wordbench-web');
}
