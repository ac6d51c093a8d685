// `npm start`: the desktop app when an Electron binary is present; otherwise the same app in the
// browser through the web host (machines without Electron, such as CI and these build machines).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2).filter((arg) => arg !== '--dev');

function electronBinary() {
  try {
    // The electron package exports the path of its binary, and throws when it was never downloaded.
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const [command, commandArgs] =
  binary && hasDisplay
    ? [binary, ['.', ...args]]
    : [process.execPath, ['out/web-host/index.js', ...args]];
if (command === process.execPath) {
  console.log(
    binary
      ? 'No display found: starting Wordbench in the browser through the web host.'
      : 'No Electron binary installed: starting Wordbench in the browser through the web host.',
  );
}
const child = spawn(command, commandArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
