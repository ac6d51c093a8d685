import { expect, it } from 'vitest';
import config from '../vitest.config';
import { VITEST_LANES } from './test-parts.mjs';

it('npm test runs every Vitest project of the config, each once', () => {
  const projects = (config.test?.projects ?? []).map((project) =>
    typeof project === 'object' && project !== null && 'test' in project
      ? project.test?.name
      : undefined,
  );
  expect(VITEST_LANES.flat().sort()).toEqual([...projects].sort());
});
