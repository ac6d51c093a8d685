// The server CLI and its document worker as esbuild bundles them, for out/server/ (build.mjs) and
// for the tests that spawn the CLI (server/cli/cli-bundle-test-support.ts). npm packages are
// bundled in: resolving and loading their hundreds of files took a third of the server's start.
// Kept external: native modules (better-sqlite3's binary, node-llama-cpp's) and piscina, whose
// worker threads load its own files by path; pg-native is an optional driver pg asks for.
export const SERVER_EXTERNALS = ['better-sqlite3', 'node-llama-cpp', 'piscina', 'pg-native'];

/** Bundled CommonJS packages call require(); this gives an ESM bundle one. */
export const REQUIRE_SHIM = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
};

/** esbuild options that bundle server/main.ts and the document worker into `outdir`. */
export function serverBundleOptions(outdir) {
  return {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Parts imported late (`await import(...)`) land in chunks loaded on first use.
    splitting: true,
    sourcemap: true,
    logLevel: 'warning',
    external: SERVER_EXTERNALS,
    banner: REQUIRE_SHIM,
    // The document worker sits beside the entry, where server/documents/document-pool.ts looks.
    entryPoints: {
      main: 'server/main.ts',
      'document-worker': 'server/documents/document-worker.ts',
    },
    outdir,
  };
}
