import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Memory } from '../../../../shared/api/memories';
import type { Project } from '../../../../shared/api/projects';
import type { IpcResult } from '../../../../shared/ipc/errors';
import { createQueryClient } from '../../app/query-client';
import { useBoardStore } from '../../stores/board-store';
import { CreateProjectDialog } from './CreateProjectDialog';
import { installTestBridge } from '../../test-bridge';

const invoke = installTestBridge();

const HELP: Memory = {
  id: 1,
  name: 'Help',
  srclang: 'en',
  trglang: 'de',
  srclocale: null,
  trglocale: null,
  is_processing: false,
  version: 1,
  created_at: 1_780_000_000,
  updated_at: 1_780_000_000,
  resources: [],
  num_segments: 0,
  num_terms: 0,
  last_import_error: null,
};
const LANGUAGES = {
  source_to_target: { en: { de: true } },
  code_to_name: { en: 'English', de: 'German', fi: 'Finnish' },
};

type Handler = (input: unknown) => IpcResult<unknown>;

function renderDialog(extra: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    'memories:list': () => ({ ok: true, value: [HELP] }),
    'languages:list': () => ({ ok: true, value: LANGUAGES }),
    'projects:list': () => ({ ok: true, value: [] }),
    ...extra,
  };
  invoke.mockImplementation((channel, input) => {
    const handler = handlers[channel];
    return handler ? Promise.resolve(handler(input)) : Promise.reject(new Error(channel));
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateProjectDialog />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (channel: string) => invoke.mock.calls.filter(([name]) => name === channel);
const created = (input: unknown) =>
  ({ ok: true, value: { id: 31, name: (input as { name: string }).name } as Project }) as const;

beforeEach(() => {
  invoke.mockReset();
  useBoardStore.setState(useBoardStore.getInitialState());
  useBoardStore.getState().openDialog({ kind: 'create' });
});

describe('CreateProjectDialog', () => {
  it('says what is missing and sends the focus to the first wrong field', async () => {
    const user = renderDialog();
    screen.getByRole('dialog', { name: 'New project' });
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    const name = screen.getByRole('textbox', { name: 'Project name' });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Give the project a name.')).toBeTruthy();
    expect(
      screen.getByText('Choose the memory the project uses, or create a new one.'),
    ).toBeTruthy();
    await user.type(name, 'Manual');
    expect(screen.queryByText('Give the project a name.')).toBeNull();
  });

  it('creates the project in the chosen memory, closes and says so', async () => {
    const user = renderDialog({ 'projects:create': created });
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), ' Manual ');
    await screen.findByRole('option', { name: /^Help/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Memory' }), '1');
    expect(screen.getByRole('status').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(useBoardStore.getState().dialog).toBeNull());
    expect(calls('projects:create')[0]?.[1]).toEqual({ name: 'Manual', memory_id: 1 });
    expect(useBoardStore.getState().announcement.text).toBe('Created “Manual” in Backlog.');
  });

  it('names a language tag typed wrong and keeps Create disabled until it is fixed', async () => {
    const user = renderDialog();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Memory' }), 'new');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Source language' }),
      'Other code…',
    );
    const tag = screen.getByRole('textbox', { name: 'Source language: language tag' });
    await user.type(tag, 'en_US');
    expect(screen.getByText('“en_US” is not a language tag; use en-US.')).toBeTruthy();
    expect(tag.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Create project' })).toHaveProperty('disabled', true);
    await user.clear(tag);
    await user.type(tag, 'en-US');
    expect(screen.getByRole('button', { name: 'Create project' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('warns before creating when machine translation does not serve the pair', async () => {
    const user = renderDialog();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Memory' }), 'new');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'en');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Target language' }),
      'Other code…',
    );
    await user.type(screen.getByRole('textbox', { name: 'Target language: language tag' }), 'fi');
    expect(screen.getByTestId('mt-notice').textContent).toBe(
      'No machine translation for English → Finnish on this server: segments without a TM match stay empty.',
    );
  });

  it('makes the new memory once, even when the project fails and is tried again', async () => {
    let isDown = true;
    const user = renderDialog({
      'memories:create': () => ({ ok: true, value: { ...HELP, id: 8, trglang: 'fi' } }),
      'projects:create': (input) =>
        isDown
          ? { ok: false, error: { code: 'server', message: 'Busy.', status: 503 } }
          : created(input),
    });
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Manual');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Memory' }), 'new');
    await user.type(screen.getByRole('textbox', { name: 'Memory name' }), 'Manual en-de');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'en');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target language' }), 'de');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The project was not created');
    expect(alert.textContent).toContain('Busy. (HTTP 503)');

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(useBoardStore.getState().dialog).toBeNull());
    expect(calls('memories:create')).toHaveLength(1);
    expect(calls('projects:create').at(-1)?.[1]).toEqual({ name: 'Manual', memory_id: 8 });
  });

  it('closes on Cancel and on Esc (the dialog’s close event)', async () => {
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(useBoardStore.getState().dialog).toBeNull();
    useBoardStore.getState().openDialog({ kind: 'create' });
    fireEvent(screen.getByRole('dialog'), new Event('close'));
    expect(useBoardStore.getState().dialog).toBeNull();
  });
});
