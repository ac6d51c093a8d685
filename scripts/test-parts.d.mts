export const VITEST_PROJECTS: string[];
