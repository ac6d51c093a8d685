import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApertiumEngine, type ApertiumEngine } from './engine';
import { fakeMode, groupMembers, requireApertium } from './apertium-test-support';
import { until } from '../until-test-support';

const EN_ES = { source: 'en', target: 'es' };
const EN_CA = { source: 'en', target: 'ca' };
const SENTENCES = Array.from({ length: 1000 }, (_, i) => `The house number ${i} is very big.`);

const engines: ApertiumEngine[] = [];
const dataDirs: string[] = [];

function engineWith(options: Parameters<typeof createApertiumEngine>[0] = {}): ApertiumEngine {
  const engine = createApertiumEngine(options);
  engines.push(engine);
  return engine;
}

const pidOf = (engine: ApertiumEngine, mode = 'eng-spa') =>
  engine.running().find((run) => run.mode === mode)?.pid;

/** Waits until nothing of the process group is alive. */
const gone = (pgid: number) =>
  until(() => groupMembers(pgid).length === 0, `process group ${pgid} to end`);

beforeAll(() => requireApertium());

afterEach(async () => {
  const pids = engines.flatMap((engine) => engine.running().map((run) => run.pid));
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  await Promise.all(pids.map(gone));
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a killed pipeline', () => {
  it('restarts on the next request when killed between requests', async () => {
    const engine = engineWith();
    expect(await engine.translate(EN_ES, ['Good morning.'])).toEqual(['Buenos días.']);
    const first = pidOf(engine)!;
    process.kill(first, 'SIGKILL');
    // The engine notices at once (the child's exit) and forgets the pipeline.
    await until(() => pidOf(engine) === undefined, 'the engine to forget the pipeline');
    await gone(first);
    expect(await engine.translate(EN_ES, ['Good morning.'])).toEqual(['Buenos días.']);
    expect(pidOf(engine)).not.toBe(first);
  });

  it('fails the requests in flight with a clear error when killed mid-request, then restarts', async () => {
    const engine = engineWith();
    await engine.translate(EN_ES, ['Hello.']);
    const pid = pidOf(engine)!;
    // Two callers with segments still in flight when the process dies.
    const calls = [engine.translate(EN_ES, SENTENCES), engine.translate(EN_ES, SENTENCES)];
    setTimeout(() => process.kill(pid, 'SIGKILL'), 50);
    for (const call of calls) {
      await expect(call).rejects.toMatchObject({
        code: 'engine_failed',
        message: expect.stringMatching(
          /^Apertium eng-spa .*SIGKILL.*restarts on the next request$/,
        ),
      });
    }
    await gone(pid);
    expect(await engine.translate(EN_ES, ['Good morning.'])).toEqual(['Buenos días.']);
  });

  it('notices a stage that dies inside the pipeline', async () => {
    const engine = engineWith();
    await engine.translate(EN_ES, ['Hello.']);
    const pid = pidOf(engine)!;
    const tagger = execFileSync('pgrep', ['-g', String(pid), 'apertium-tagge'], {
      encoding: 'utf8',
    });
    const batch = engine.translate(EN_ES, SENTENCES);
    process.kill(Number(tagger.trim()), 'SIGKILL');
    await expect(batch).rejects.toMatchObject({ code: 'engine_failed' });
    await gone(pid);
    expect(await engine.translate(EN_ES, ['Hello.'])).toEqual(['Hola.']);
  });
});

describe('a pipeline that hangs or dies', () => {
  it('times out with a clear error, is killed, and starts afresh on the next request', async () => {
    // A stage that reads everything and never answers.
    const dataDir = fakeMode('cat > /dev/null');
    dataDirs.push(dataDir);
    const engine = engineWith({ dataDir, timeoutMs: 300 });
    expect(await engine.supports('en', 'es')).toBe(true);
    await expect(engine.translate(EN_ES, ['Hello.'])).rejects.toMatchObject({
      code: 'timeout',
      message:
        'Apertium eng-spa did not answer within 300 ms; the pipeline was stopped and restarts on the next request',
    });
    expect(engine.running()).toEqual([]);

    const next = engine.translate(EN_ES, ['Hello.']);
    await until(() => pidOf(engine) !== undefined, 'a pipeline');
    const pid = pidOf(engine)!;
    expect(groupMembers(pid).length).toBeGreaterThan(0);
    await expect(next).rejects.toMatchObject({ code: 'timeout' });
    await gone(pid);
  });

  it('reports a pipeline that exits, with what it said', async () => {
    const dataDir = fakeMode('echo "Error: Malformed input stream." >&2; exit 3');
    dataDirs.push(dataDir);
    const engine = engineWith({ dataDir });
    await expect(engine.translate(EN_ES, ['Hello.'])).rejects.toMatchObject({
      code: 'engine_failed',
      message:
        'Apertium eng-spa exited (code 3): Error: Malformed input stream.; it restarts on the next request',
    });
  });
});

describe('segments grouped in one flush', () => {
  it('come back split at their markers; a lost marker fails the pipeline, not the order', async () => {
    const echo = fakeMode('exec sed -u -z "s/house/casa/g"');
    const dropping = fakeMode('exec sed -u -z "s/\\[s[0-9]*\\.0\\]//g"');
    dataDirs.push(echo, dropping);
    const batch = ['One house.', 'Two houses.', 'Three.'];
    expect(await engineWith({ dataDir: echo }).translate(EN_ES, batch)).toEqual([
      'One casa.',
      'Two casas.',
      'Three.',
    ]);
    await expect(engineWith({ dataDir: dropping }).translate(EN_ES, batch)).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringContaining('lost a segment boundary') as string,
    });
  });
});

describe("a caller's deadline and signal", () => {
  it('rejects that call only; the pipeline keeps serving', async () => {
    const engine = engineWith();
    await engine.translate(EN_ES, ['Hello.']);
    const pid = pidOf(engine);
    await expect(engine.translate(EN_ES, SENTENCES, { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'timeout',
      message: 'Translating 1000 segments en->es took longer than 20 ms',
    });
    const controller = new AbortController();
    const aborted = engine.translate(EN_ES, SENTENCES, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ code: 'aborted' });
    expect(await engine.translate(EN_ES, ['Good morning.'])).toEqual(['Buenos días.']);
    expect(pidOf(engine)).toBe(pid);
  });
});

describe('pipeline lifetime', () => {
  it('ends an idle pipeline after idleMs', async () => {
    const engine = engineWith({ idleMs: 200 });
    await engine.translate(EN_ES, ['Hello.']);
    const pid = pidOf(engine)!;
    await until(() => engine.running().length === 0, 'the idle pipeline to end');
    await gone(pid);
  });

  it('runs at most maxPipelines, retiring the least recently used idle one', async () => {
    const engine = engineWith({ maxPipelines: 1 });
    await engine.translate(EN_ES, ['Hello.']);
    const spanish = pidOf(engine)!;
    // While Spanish is busy, Catalan waits for it instead of exceeding the limit.
    const [es, ca] = await Promise.all([
      engine.translate(EN_ES, SENTENCES.slice(0, 300)),
      engine.translate(EN_CA, ['Good morning.']),
    ]);
    expect(es).toHaveLength(300);
    expect(ca).toEqual(['Bon dia.']);
    expect(engine.running().map((run) => run.mode)).toEqual(['eng-cat']);
    await gone(spanish);
  });

  it('close() ends every pipeline and leaves no process behind', async () => {
    const engine = engineWith();
    await Promise.all([engine.translate(EN_ES, ['Hello.']), engine.translate(EN_CA, ['Hello.'])]);
    const pids = engine.running().map((run) => run.pid);
    expect(pids).toHaveLength(2);
    for (const pid of pids) {
      expect(groupMembers(pid).join('\n')).toMatch(/lt-proc/);
    }
    const pending = expect(engine.translate(EN_ES, SENTENCES)).rejects.toMatchObject({
      code: 'closed',
    });
    await engine.close();
    await pending;
    for (const pid of pids) expect(groupMembers(pid)).toEqual([]);
    await expect(engine.translate(EN_ES, ['Hello.'])).rejects.toMatchObject({ code: 'closed' });
  });
});
