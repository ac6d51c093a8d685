import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { createWorld, kindOf, type ApiWorld } from './api-world';
import { malformedRequests, type FuzzCase } from './malformed-requests';
import { injectOptions, loadOperations, validDraft, type ApiOperation } from './openapi-requests';

// Malformed requests to every operation of /openapi.json (issue 11, "Tests that stay"): each
// must get a 4xx with a `{message}` (401 excepted), and the server must stay up. A request left
// unanswered hangs the test until its timeout (vitest.config.ts), a hang guard; how long answers
// take is printed, not asserted. A route added later is fuzzed without editing this file. Replay
// a run with FUZZ_SEED=<seed>.

const seed = Number(process.env.FUZZ_SEED ?? 20_240_611);
/** Malformed requests per run, shared among the operations. */
const TOTAL = 3000;
const MIN_PER_OPERATION = 40;

let t: TestApp;
let world: ApiWorld;
let operations: ApiOperation[];

beforeAll(async () => {
  // A small upload limit, so that raw uploads over it are cheap to send; no throttle of wrong
  // keys, so that every bad-credential case reaches the credential parser (the throttle has
  // its own tests in auth-throttle.test.ts).
  t = await createTestApp({ mt: null, maxUploadBytes: 64 * 1024, authThrottle: null });
  world = await createWorld(t.app, t.storage.db, t.key, 'fuzz-world');
  operations = await loadOperations(t.app);
});
afterAll(() => t.close());

/** Each operation its own stream of cases: adding a route does not change the others'. */
function seedFor(key: string): number {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (seed + (hash >>> 0)) % 2 ** 31;
}

function hasMessage(response: LightMyRequestResponse): boolean {
  if (!String(response.headers['content-type']).startsWith('application/json')) return false;
  try {
    return typeof (response.json() as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}

let slowest = { ms: 0, what: '' };

/** What is wrong with the answer to a case, or null. */
async function problemWith(op: ApiOperation, c: FuzzCase): Promise<string | null> {
  const started = performance.now();
  const response = await t.app.inject(injectOptions(c.draft, t.key));
  const ms = Math.round(performance.now() - started);
  if (ms > slowest.ms) slowest = { ms, what: `${op.key} [${c.defect}]` };
  const status = response.statusCode;
  const answer = `${status} ${response.body.slice(0, 160)}`;
  if (status >= 500) return answer;
  if (c.expect === 'no-5xx') return null;
  if (status < 400) return answer;
  if (status !== 401 && !hasMessage(response)) return `${answer} (not a JSON {message})`;
  return null;
}

describe('the API under malformed requests', () => {
  it('answers each with a 4xx and stays up', async () => {
    const perOperation = Math.max(MIN_PER_OPERATION, Math.ceil(TOTAL / operations.length));
    const counts = new Map<string, number>();
    let malformed = 0;
    const failures = new Map<string, { count: number; values: string[]; example: string }>();
    const started = performance.now();
    console.log(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed})`);
    for (const op of operations) {
      const valid = validDraft(op, (o, name) => {
        const kind = kindOf(o, name);
        return kind ? world.ids[kind] : undefined;
      });
      const property = fc.asyncProperty(malformedRequests(op, valid, t.key), async (c) => {
        counts.set(op.key, (counts.get(op.key) ?? 0) + 1);
        if (c.expect === '4xx') malformed += 1;
        const problem = await problemWith(op, c);
        if (!problem) return;
        // One line per operation, kind of defect and status: a broken rule shows once, with its
        // count and the values that broke it.
        const defect = c.defect.replace(/ \(\+.*$/, '');
        const [, kind = defect, value = ''] = /^(.*?(?: = | UTF-8 ))(.*)$/.exec(defect) ?? [];
        const group = `${op.key} [${kind}…] → ${problem.slice(0, 3)}`;
        const seen = failures.get(group) ?? {
          count: 0,
          values: [],
          example: `${c.defect}: ${problem}`,
        };
        if (!seen.values.includes(value)) seen.values.push(value);
        failures.set(group, { ...seen, count: seen.count + 1 });
      });
      await fc.assert(property, { seed: seedFor(op.key), numRuns: perOperation });
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `fuzz: ${total} requests (${malformed} malformed) to ${operations.length} operations ` +
        `in ${seconds} s; slowest answer ${slowest.ms} ms (${slowest.what.slice(0, 120)}); ` +
        `${failures.size} failing defect groups`,
    );
    const report = [...failures.entries()].map(
      ([group, { count, values, example }]) =>
        `${group} ×${count}: ${values.slice(0, 6).join(' ')}\n    e.g. ${example.slice(0, 300)}`,
    );
    expect(report.length, `malformed requests not answered 4xx:\n${report.join('\n')}`).toBe(0);
    expect(malformed).toBeGreaterThanOrEqual(1000);
    const starved = operations.filter((op) => (counts.get(op.key) ?? 0) < MIN_PER_OPERATION);
    expect(starved.map((op) => op.key)).toEqual([]);
  });

  it('is alive afterwards: /health answers and a valid request still works', async () => {
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const api = apiClient(t.app);
    const created = await api.post('/v2/memories', { name: 'After', srclang: 'en', trglang: 'de' });
    expect(created.statusCode, created.body).toBe(200);
    const listed = await api.get(`/v2/memories?id=${created.json().id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([created.json()]);
  });

  it('covers the segment routes on the /2 base, where the public client sends them', () => {
    const methods = (path: string) =>
      operations.filter((op) => op.path === path).map((op) => op.method);
    expect(methods('/2/segments')).toEqual(methods('/v2/segments'));
  });
});
