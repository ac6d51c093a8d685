/** The Vitest projects `npm test` runs, in this order (see scripts/test.mjs). */
export const VITEST_PROJECTS = ['renderer', 'renderer-dom', 'sqlite', 'postgres', 'system'];
