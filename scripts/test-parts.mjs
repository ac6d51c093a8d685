/**
 * The Vitest projects `npm test` runs (see scripts/test.mjs), in lanes run side by side, each
 * lane's projects one after another: about the same time in each lane.
 */
export const VITEST_LANES = [['sqlite', 'renderer'], ['postgres'], ['system', 'renderer-dom']];
