// `npm test`: every check the project has, then how long each part took. It runs in phases of
// lanes run at once: the suite leaves a core idle most of the time when run one part after
// another (it waits on child processes, sockets and PostgreSQL). Output of parts that run side
// by side is printed as each ends. The Vitest projects are in VITEST_LANES, which
// scripts/test-parts.test.ts keeps the same as vitest.config.ts's. A failed part stops its lane
// and the run after its phase.
import { spawn } from 'node:child_process';
import { VITEST_LANES } from './test-parts.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const part = (name, command, args) => ({ name, command, args });
const eslint = part('lint: eslint', bin('eslint'), [
  '.',
  '--max-warnings',
  '0',
  '--cache',
  '--cache-location',
  'node_modules/.cache/eslint/',
]);
const vitest = (project) =>
  part(`vitest: ${project}`, bin('vitest'), ['run', '--project', project]);
const lanesOf = (projects) => projects.map((names) => names.map(vitest));
const phases = [
  // About the same time in each lane; the build does not need the typecheck (Playwright, later,
  // needs the build).
  [
    [eslint, part('typecheck: web', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit'])],
    [
      part('lint: prettier', bin('prettier'), ['--check', '--cache', '--log-level', 'warn', '.']),
      part('typecheck: node', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']),
      part('build', process.execPath, ['scripts/build.mjs']),
    ],
  ],
  lanesOf(VITEST_LANES),
  [[part('playwright', bin('playwright'), ['test'])]],
];
const times = [];

/** Runs one part; `buffered` keeps its output until it ends (parts running side by side). */
function run({ name, command, args }, buffered) {
  const start = performance.now();
  if (!buffered) console.log(`\n── ${name} ──`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const finish = (code) => {
      if (buffered) process.stdout.write(`\n── ${name} ──\n${output}`);
      times.push([name, performance.now() - start, code === 0 ? 'ok' : `failed (exit ${code})`]);
      resolve(code === 0);
    };
    child.once('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.once('error', (error) => {
      output += `${command}: ${error.message}\n`;
      finish(1);
    });
  });
}

/** Runs parts one after another until one fails; whether all passed. */
async function inOrder(parts, buffered) {
  for (const each of parts) if (!(await run(each, buffered))) return false;
  return true;
}

const started = performance.now();
let passed = true;
for (const lanes of phases) {
  const buffered = lanes.length > 1;
  const results = await Promise.all(lanes.map((lane) => inOrder(lane, buffered)));
  passed = results.every(Boolean);
  if (!passed) break;
}
const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
console.log('\nnpm test, part by part (in phases of lanes run at once):');
for (const [name, ms, outcome] of times)
  console.log(`  ${name.padEnd(22)}${seconds(ms)}  ${outcome}`);
console.log(`  ${'total'.padEnd(22)}${seconds(performance.now() - started)}`);
if (!passed) process.exitCode = 1;
