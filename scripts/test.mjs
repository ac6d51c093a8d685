// `npm test`: every check the project has, one part after another, stopping at the first that
// fails; at the end, how long each part took. Vitest's projects run one at a time so that each
// has its own time (their names are in VITEST_PROJECTS; scripts/test-parts.test.ts keeps that
// list the same as vitest.config.ts's).
import { spawn } from 'node:child_process';
import { VITEST_PROJECTS } from './test-parts.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const parts = [
  [
    'lint: eslint',
    bin('eslint'),
    ['.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'],
  ],
  ['lint: prettier', bin('prettier'), ['--check', '--cache', '--log-level', 'warn', '.']],
  ['typecheck: node', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck: web', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']],
  ['build', process.execPath, ['scripts/build.mjs']],
  ...VITEST_PROJECTS.map((project) => [
    `vitest: ${project}`,
    bin('vitest'),
    ['run', '--project', project],
  ]),
  ['playwright', bin('playwright'), ['test']],
];

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

const times = [];
const started = performance.now();
let failed = null;
for (const [name, command, args] of parts) {
  console.log(`\n── ${name} ──`);
  const start = performance.now();
  const code = await run(command, args);
  times.push([name, performance.now() - start, code === 0 ? 'ok' : `failed (exit ${code})`]);
  if (code !== 0) {
    failed = name;
    break;
  }
}
const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
console.log('\nnpm test, part by part:');
for (const [name, ms, outcome] of times)
  console.log(`  ${name.padEnd(22)}${seconds(ms)}  ${outcome}`);
console.log(`  ${'total'.padEnd(22)}${seconds(performance.now() - started)}`);
if (failed) {
  console.log(`Stopped at ${failed}.`);
  process.exitCode = 1;
}
