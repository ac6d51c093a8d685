export const VITEST_LANES: string[][];
