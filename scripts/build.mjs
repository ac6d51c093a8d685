// Builds everything the hosts load: the renderer (Vite) and the Node-side bundles (esbuild).
// Layout: out/renderer/, out/main/index.js, out/preload/index.cjs, out/server/main.js,
// out/web-host/index.js. Typechecking runs before this script (`npm run build`).
import { build as esbuild } from 'esbuild';
import { rmSync } from 'node:fs';
import { build as viteBuild } from 'vite';
import { REQUIRE_SHIM, SERVER_EXTERNALS, serverBundleOptions } from './server-bundle.mjs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

rmSync('out', { recursive: true, force: true });
await viteBuild({ logLevel: 'warn' });
await Promise.all([
  // Everything but Electron is bundled into the main process, so it runs from a packaged app.
  esbuild({
    ...common,
    entryPoints: ['electron/main/index.ts'],
    outfile: 'out/main/index.js',
    format: 'esm',
    external: ['electron'],
    banner: REQUIRE_SHIM,
  }),
  // Sandboxed preloads must be CommonJS and self-contained.
  esbuild({
    ...common,
    entryPoints: ['electron/preload/index.ts'],
    outfile: 'out/preload/index.cjs',
    format: 'cjs',
    external: ['electron'],
  }),
  esbuild(serverBundleOptions('out/server')),
  // The web host, as the server, with its npm packages bundled in: it starts faster.
  esbuild({
    ...common,
    entryPoints: ['electron/web-host.ts'],
    outfile: 'out/web-host/index.js',
    format: 'esm',
    external: SERVER_EXTERNALS,
    banner: REQUIRE_SHIM,
  }),
]);
console.log('built out/renderer, out/main, out/preload, out/server, out/web-host');
