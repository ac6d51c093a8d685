import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../shared/api/memories';
import type { IpcResult } from '../../../../shared/ipc/errors';
import { createQueryClient } from '../../app/query-client';
import { installTestBridge } from '../../test-bridge';
import { NewJobDialog } from './NewJobDialog';

const invoke = installTestBridge();

const memory = (id: number, name: string, trglang: string): Memory => ({
  id,
  name,
  srclang: 'en',
  trglang,
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
});
const LANGUAGES = {
  source_to_target: { en: { es: true, ca: true } },
  code_to_name: { en: 'English', es: 'Spanish', ca: 'Catalan' },
};
const TEMPLATES = [{ id: 1, name: 'Translate only', TeamId: 1, stages: [] }];

function renderDialog() {
  const answers: Record<string, unknown> = {
    'memories:list': [memory(1, 'Help', 'es'), memory(2, 'Docs', 'ca'), memory(3, 'UI', 'de')],
    'languages:list': LANGUAGES,
    'workflows:templates': TEMPLATES,
  };
  invoke.mockImplementation((channel) => {
    return channel in answers
      ? Promise.resolve({ ok: true, value: answers[channel] } satisfies IpcResult<unknown>)
      : Promise.reject(new Error(`unexpected ${channel}`));
  });
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewJobDialog onClose={() => {}} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onCreated };
}

const calls = (channel: string) => invoke.mock.calls.filter(([name]) => name === channel);

beforeEach(() => {
  invoke.mockReset();
});

describe('the new job dialog', () => {
  it('says what is missing, in words, and focuses the first wrong field', async () => {
    const { user } = renderDialog();
    screen.getByRole('dialog', { name: 'New job' });
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Job name' }));
    for (const problem of [
      'Give the job a name.',
      'Add the files to translate.',
      'Choose the language the files are in.',
      'Give the source locale, such as US or GB.',
      'Choose the language to translate into.',
      'Choose a memory for this language, or a new one.',
    ]) {
      screen.getByText(problem);
    }
    expect(calls('jobs:create')).toEqual([]);
  });

  it('offers each target only the memories of its pair, or a new one', async () => {
    const { user } = renderDialog();
    await waitFor(() =>
      within(screen.getByTestId('job-source-language')).getByText('English (en)'),
    );
    await user.selectOptions(screen.getByTestId('job-source-language'), 'en');
    await user.selectOptions(screen.getByTestId('job-target-language-0'), 'es');
    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    await user.selectOptions(screen.getByTestId('job-target-language-1'), 'ca');
    const options = (index: number) =>
      within(screen.getByTestId(`job-target-memory-${index}`))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options(0)).toEqual(['Choose a memory…', 'Help (en → es)', 'New memory']);
    expect(options(1)).toEqual(['Choose a memory…', 'Docs (en → ca)', 'New memory']);
  });

  it('refuses the same target twice and a target equal to the source', async () => {
    const { user } = renderDialog();
    await waitFor(() =>
      within(screen.getByTestId('job-source-language')).getByText('English (en)'),
    );
    await user.selectOptions(screen.getByTestId('job-source-language'), 'en');
    await user.selectOptions(screen.getByTestId('job-target-language-0'), 'en');
    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    await user.selectOptions(screen.getByTestId('job-target-language-1'), 'es');
    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    await user.selectOptions(screen.getByTestId('job-target-language-2'), 'es');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    screen.getByText('Translate into a different language.');
    screen.getByText('This language is in the job already.');
  });

  it('takes the locale from the source tag, and says so when an upload fails', async () => {
    const { user, onCreated } = renderDialog();
    await waitFor(() =>
      within(screen.getByTestId('job-source-language')).getByText('English (en)'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Job name' }), 'Spring');
    await user.upload(screen.getByTestId('job-files-input'), new File(['Hello.'], 'a.txt'));
    expect(screen.getByTestId('job-file-list').textContent).toContain('a.txt');
    await user.selectOptions(screen.getByTestId('job-source-language'), '__other');
    await user.type(
      screen.getByRole('textbox', { name: 'Source language: language tag' }),
      'en-GB',
    );
    await user.selectOptions(screen.getByTestId('job-target-language-0'), 'es');
    await user.selectOptions(screen.getByTestId('job-target-memory-0'), 'Help (en → es)');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    // The test bridge refuses uploads: the dialog says so and creates nothing.
    await screen.findByText('The job was not created');
    expect(screen.queryByText('Give the source locale, such as US or GB.')).toBeNull();
    expect(calls('jobs:create')).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
