import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { effectiveEngine } from '../create/engine-settings';
import { parseCommand } from './args';

const folder = mkdtempSync(join(tmpdir(), 'wordbench-create-args-'));
const modelFile = join(folder, 'model.gguf');
writeFileSync(modelFile, 'GGUF');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const createOf = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const command = parseCommand(argv, env);
  if (command.kind !== 'serve') throw new Error('not serve');
  return command.create;
};

describe("Create's server options", () => {
  it('take an OpenAI-compatible default engine, its key only from the environment', () => {
    expect(
      createOf(
        ['--create-engine-url', 'http://127.0.0.1:11434/v1/', '--create-engine-model', 'llama3'],
        {
          WORDBENCH_CREATE_ENGINE_KEY: 'sk-1',
        },
      ),
    ).toEqual({
      defaultEngine: {
        kind: 'openai',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'llama3',
        apiKey: 'sk-1',
      },
    });
  });

  it('take a model file and the local-engines switch, from flags or the environment', () => {
    expect(createOf(['--create-model-file', modelFile, '--create-allow-local-engines'])).toEqual({
      defaultEngine: { kind: 'llama', modelPath: modelFile },
      allowLocalEngines: true,
    });
    expect(
      createOf([], {
        WORDBENCH_CREATE_MODEL_FILE: modelFile,
        WORDBENCH_CREATE_ALLOW_LOCAL_ENGINES: '1',
      }),
    ).toEqual({ defaultEngine: { kind: 'llama', modelPath: modelFile }, allowLocalEngines: true });
    expect(createOf([])).toBeUndefined();
  });

  it('refuse what cannot work, in words', () => {
    expect(() => createOf(['--create-engine-url', 'http://h/v1'])).toThrow(/go together/);
    expect(() => createOf(['--create-engine-url', 'h:1', '--create-engine-model', 'm'])).toThrow(
      /http or https/,
    );
    expect(() => createOf(['--create-model-file', join(folder, 'missing.gguf')])).toThrow(
      /no file at/,
    );
    expect(() =>
      createOf([
        '--create-model-file',
        modelFile,
        '--create-engine-url',
        'http://h/v1',
        '--create-engine-model',
        'm',
      ]),
    ).toThrow(/give one/);
  });

  it('take a thread count for every embedded engine, from the flag or the environment', () => {
    expect(createOf(['--create-threads', '1'])).toEqual({ threads: 1 });
    expect(createOf([], { WORDBENCH_CREATE_THREADS: '2' })).toEqual({ threads: 2 });
    expect(() => createOf(['--create-threads', '0'])).toThrow(/whole number/);
    expect(() => createOf(['--create-threads', 'many'])).toThrow(/whole number/);
    const options = { threads: 1, defaultEngine: { kind: 'llama' as const, modelPath: modelFile } };
    // The server's default and an organization's llama setting both get it; openai does not.
    expect(effectiveEngine(undefined, options).settings).toEqual({
      kind: 'llama',
      modelPath: modelFile,
      threads: 1,
    });
    const llamaRow = { engine_kind: 'llama', engine_model_path: '/m.gguf' } as const;
    expect(effectiveEngine(llamaRow as never, options).settings).toEqual({
      kind: 'llama',
      modelPath: '/m.gguf',
      threads: 1,
    });
    const openaiRow = { engine_kind: 'openai', engine_base_url: 'http://h/v1', engine_model: 'm' };
    expect(effectiveEngine(openaiRow as never, options).settings).toEqual({
      kind: 'openai',
      baseUrl: 'http://h/v1',
      model: 'm',
    });
  });
});
