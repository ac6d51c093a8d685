import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GenerationResult } from '../../../../shared/ipc/create-channels';
import type { IpcResult } from '../../../../shared/ipc/errors';
import { createQueryClient } from '../../app/query-client';
import { content, installCreateTestBridge, ok } from './create-test-bridge';
import { CreateView } from './CreateView';
import { TERMS_TEXT } from './TermsPanel';

const { invoke, push } = installCreateTestBridge();
const LANGUAGES = {
  source_to_target: { en: { es: true } },
  code_to_name: { en: 'English', es: 'Spanish' },
};

/** Answers the view's reads; `extra` answers (or holds) the calls a test is about. */
function renderView(extra: Record<string, (input: unknown) => Promise<IpcResult<unknown>>> = {}) {
  const answers: Record<string, (input: unknown) => Promise<IpcResult<unknown>>> = {
    'create:list': () => ok([]),
    'create:get-terms': () => ok({ signedAgreement: false }),
    'create:get-preferences': () => ok({ tone: 'friendly', styleguide: '' }),
    'languages:list': () => ok(LANGUAGES),
    'memories:list': () => ok([]),
    'projects:list': () => ok([]),
    ...extra,
  };
  invoke.mockImplementation((channel, input) =>
    answers[channel] ? answers[channel](input) : Promise.reject(new Error(`unexpected ${channel}`)),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateView />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (channel: string) => invoke.mock.calls.filter(([name]) => name === channel);

beforeEach(() => {
  invoke.mockReset();
  window.location.hash = '#/create';
});

describe('CreateView', () => {
  it('reads the terms on open and shows them only when they are not signed', async () => {
    renderView({ 'create:get-terms': () => ok({ signedAgreement: true }) });
    expect(await screen.findByTestId('create-terms-signed')).toBeTruthy();
    expect(screen.queryByTestId('create-terms')).toBeNull();
    expect(calls('create:get-terms')).toHaveLength(1);
  });

  it('signs the terms once, with their text shown, after the box is ticked', async () => {
    const user = renderView({ 'create:sign-terms': () => ok({ signedAgreement: true }) });
    const terms = await screen.findByTestId('create-terms');
    expect(within(terms).getByTestId('create-terms-text').textContent).toContain(TERMS_TEXT[1]!);
    expect((screen.getByTestId('create-terms-sign') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('create-terms-agree'));
    await user.click(screen.getByTestId('create-terms-sign'));
    expect(await screen.findByTestId('create-terms-signed')).toBeTruthy();
    expect(calls('create:sign-terms')[0]?.[1]).toEqual({ signedAgreement: true });
  });

  it('streams the pieces in, announces progress politely, stops, then saves an edit', async () => {
    let finish: (result: IpcResult<unknown>) => void = () => {};
    const stopped = content({ text: 'Sturdy boots for', status: 'stopped' });
    let saved: unknown[] = [];
    const user = renderView({
      'create:list': () => ok(saved),
      'create:generate': () => new Promise((resolve) => (finish = resolve)),
      'create:stop': () => ok({ stopped: true }),
      'create:update': (input) =>
        ok({ ...stopped, ...(input as object), updatedAt: 1_780_000_100 }),
    });
    await user.type(await screen.findByTestId('create-summary'), 'waterproof boots');
    await user.click(screen.getByTestId('create-generate'));
    await waitFor(() => expect(calls('create:generate')).toHaveLength(1));
    const { generationId, request } = calls('create:generate')[0]![1] as {
      generationId: string;
      request: { templateParams: { summary: string }; preferences: { tone: string } };
    };
    expect(request.templateParams.summary).toBe('waterproof boots');
    expect(request.preferences.tone).toBe('friendly');

    act(() => {
      push('create:piece', { generationId, text: 'Sturdy' });
      push('create:piece', { generationId: 'someone-else-01', text: ' NOT OURS' });
      push('create:piece', { generationId, text: ' boots for' });
    });
    expect(screen.getByTestId('create-stream').textContent).toContain('Sturdy boots for');
    expect(screen.getByTestId('create-stream').textContent).not.toContain('NOT OURS');
    // The live region says "Generating…" until 25 words, not each token.
    const progress = screen.getByTestId('create-progress');
    expect(progress.getAttribute('aria-live')).toBe('polite');
    expect(progress.textContent).toContain('Generating…');

    await user.click(screen.getByTestId('create-stop'));
    expect(calls('create:stop')[0]?.[1]).toEqual({ generationId });
    const result: GenerationResult = { status: 'stopped', content: stopped };
    saved = [stopped];
    act(() => finish({ ok: true, value: result }));

    const text = await screen.findByTestId('create-content-text');
    expect((text as HTMLTextAreaElement).value).toBe('Sturdy boots for');
    expect(screen.getByTestId('create-content-meta').textContent).toContain(
      'stopped before the end',
    );
    await user.type(text, ' wet trails.');
    await user.click(screen.getByTestId('create-save'));
    await waitFor(() =>
      expect(calls('create:update')[0]?.[1]).toEqual({
        id: 7,
        text: 'Sturdy boots for wet trails.',
        name: 'Hiking boots',
      }),
    );
  });

  it('says in words that no engine is set, and where to set one', async () => {
    const user = renderView({
      'create:generate': () =>
        Promise.resolve({
          ok: false,
          error: {
            code: 'conflict',
            status: 409,
            message: 'No text engine is configured: set one in Settings, Create engine.',
          },
        }),
    });
    await user.click(await screen.findByTestId('create-generate'));
    const error = await screen.findByTestId('create-error');
    expect(error.textContent).toContain('No text engine is configured');
    expect(within(error).getByTestId('create-open-settings').getAttribute('href')).toBe(
      '#/settings',
    );
  });

  it('regenerates an opened content with its stored parameters', async () => {
    const user = renderView({
      'create:list': () => ok([content()]),
      'create:regenerate': () =>
        ok({
          status: 'finished',
          content: content({ text: 'New text.', updatedAt: 1_780_000_200 }),
        }),
    });
    await user.click(await screen.findByText('Hiking boots', { selector: 'span' }));
    await user.click(screen.getByTestId('create-regenerate'));
    await waitFor(() => expect(calls('create:regenerate')).toHaveLength(1));
    expect(calls('create:regenerate')[0]?.[1]).toMatchObject({ id: 7 });
  });

  it('asks before deleting a saved content', async () => {
    const user = renderView({
      'create:list': () => ok([content()]),
      'create:delete': () => ok({ id: 7 }),
    });
    await user.click(await screen.findByTestId('create-delete-7'));
    const dialog = screen.getByTestId('create-delete-dialog');
    expect(dialog.textContent).toContain('Delete “Hiking boots”?');
    expect(calls('create:delete')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('create-delete-dialog-ok'));
    await waitFor(() => expect(calls('create:delete')[0]?.[1]).toEqual({ id: 7 }));
  });

  it('translates into a new Spanish project as a document, then opens the editor', async () => {
    const user = renderView({
      'create:list': () => ok([content()]),
      'memories:create': (input) => ok({ id: 3, ...(input as object) }),
      'projects:create': () => ok({ id: 11 }),
      'create:to-document': () => ok({ id: 21 }),
    });
    await user.click(await screen.findByText('Hiking boots', { selector: 'span' }));
    await user.click(screen.getByTestId('create-translate'));
    await user.selectOptions(screen.getByTestId('create-translate-language'), 'es');
    await user.click(screen.getByTestId('create-translate-ok'));
    await waitFor(() => expect(window.location.hash).toBe('#/editor?project=11&document=21'));
    expect(calls('memories:create')[0]?.[1]).toEqual({
      name: 'Hiking boots',
      srclang: 'en',
      trglang: 'es',
    });
    expect(calls('projects:create')[0]?.[1]).toEqual({ name: 'Hiking boots', memory_id: 3 });
    expect(calls('create:to-document')[0]?.[1]).toEqual({ id: 7, project_id: 11 });
  });
});
