import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreateEngine } from '../../../../../shared/api/create';
import type { IpcResult } from '../../../../../shared/ipc/errors';
import { createQueryClient } from '../../../app/query-client';
import { installTestBridge } from '../../../test-bridge';
import { CreateEngineSection } from './CreateEngineSection';

const invoke = installTestBridge();
const ok = (value: unknown): Promise<IpcResult<unknown>> => Promise.resolve({ ok: true, value });

function renderSection(
  engine: CreateEngine,
  extra: Record<string, (input: unknown) => Promise<IpcResult<unknown>>> = {},
) {
  const answers: Record<string, (input: unknown) => Promise<IpcResult<unknown>>> = {
    'create:get-engine': () => ok(engine),
    'create:set-engine': (input) => ok({ source: 'organization', ...(input as object) }),
    ...extra,
  };
  invoke.mockImplementation((channel, input) =>
    answers[channel] ? answers[channel](input) : Promise.reject(new Error(`unexpected ${channel}`)),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateEngineSection />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (channel: string) => invoke.mock.calls.filter(([name]) => name === channel);
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

beforeEach(() => {
  invoke.mockReset();
});

describe('CreateEngineSection', () => {
  it('sets an OpenAI-compatible engine, refusing a bad URL in words; the key is sent, not shown', async () => {
    const user = renderSection({ kind: 'none', source: 'server' });
    expect((await screen.findByTestId('create-engine-current')).textContent).toContain(
      'generation is off',
    );
    await user.click(screen.getByTestId('create-engine-kind-openai'));
    await user.type(screen.getByTestId('create-engine-url'), 'localhost:11434');
    await user.type(screen.getByTestId('create-engine-model'), 'llama3.2');
    await user.click(screen.getByTestId('create-engine-save'));
    expect(text('create-engine-problem')).toContain('http or https address');
    expect(calls('create:set-engine')).toHaveLength(0);

    await user.clear(screen.getByTestId('create-engine-url'));
    await user.type(screen.getByTestId('create-engine-url'), 'http://127.0.0.1:11434/v1');
    await user.type(screen.getByTestId('create-engine-key'), 'sk-secret');
    await user.click(screen.getByTestId('create-engine-save'));
    await waitFor(() =>
      expect(calls('create:set-engine')[0]?.[1]).toEqual({
        kind: 'openai',
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'llama3.2',
        apiKey: 'sk-secret',
      }),
    );
  });

  it('keeps a stored key unless asked to remove it', async () => {
    const user = renderSection({
      kind: 'openai',
      source: 'organization',
      baseUrl: 'https://api.example.com/v1',
      model: 'gpt',
      hasApiKey: true,
    });
    await user.click(await screen.findByTestId('create-engine-save'));
    await waitFor(() =>
      expect(calls('create:set-engine')[0]?.[1]).toEqual({
        kind: 'openai',
        baseUrl: 'https://api.example.com/v1',
        model: 'gpt',
      }),
    );
  });

  it('sets an embedded model file chosen in the file dialog', async () => {
    const user = renderSection(
      { kind: 'none', source: 'organization' },
      { 'create:pick-model': () => ok({ supported: true, path: '/models/tiny.gguf' }) },
    );
    await user.click(await screen.findByTestId('create-engine-kind-llama'));
    await user.click(screen.getByTestId('create-engine-pick'));
    await waitFor(() =>
      expect((screen.getByTestId('create-engine-path') as HTMLInputElement).value).toBe(
        '/models/tiny.gguf',
      ),
    );
    await user.click(screen.getByTestId('create-engine-save'));
    await waitFor(() =>
      expect(calls('create:set-engine')[0]?.[1]).toEqual({
        kind: 'llama',
        modelPath: '/models/tiny.gguf',
      }),
    );
  });

  it('tests the engine: a few words, or why not in words', async () => {
    let answer: IpcResult<unknown> = {
      ok: false,
      error: {
        code: 'unauthorized',
        status: 403,
        message: 'Create is not available until the organization signs its terms and conditions',
      },
    };
    const user = renderSection(
      { kind: 'llama', source: 'organization', modelPath: '/models/tiny.gguf' },
      { 'create:test-engine': () => Promise.resolve(answer) },
    );
    await user.click(await screen.findByTestId('create-engine-test'));
    expect((await screen.findByTestId('create-engine-test-error')).textContent).toContain(
      'signs its terms',
    );
    answer = { ok: true, value: { text: 'kavo rumi tesa', firstTokenMs: 42 } };
    await user.click(screen.getByTestId('create-engine-test'));
    expect((await screen.findByTestId('create-engine-test-result')).textContent).toContain(
      'kavo rumi tesa',
    );
    expect(screen.getByTestId('create-engine-test-timing').textContent).toContain('42 ms');
  });
});
