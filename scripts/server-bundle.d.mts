import type { BuildOptions } from 'esbuild';

export const SERVER_EXTERNALS: string[];
export const REQUIRE_SHIM: { js: string };
export function serverBundleOptions(outdir: string): BuildOptions;
