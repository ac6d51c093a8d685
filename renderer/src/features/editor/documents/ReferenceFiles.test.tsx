import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SourceFile } from '../../../../../shared/api/files';
import { createBridge } from '../../../../../shared/ipc/bridge';
import type { IpcResult } from '../../../../../shared/ipc/errors';
import { createQueryClient } from '../../../app/query-client';
import { useEditorStore } from '../editor-store';
import { ReferenceFiles } from './ReferenceFiles';

const invoke = vi.fn<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>();
const upload =
  vi.fn<(channel: string, input: unknown, file: Blob) => Promise<IpcResult<unknown>>>();
const download = vi.fn<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>();
window.wordbench = createBridge({ invoke, upload, download, subscribe: () => () => {} });

function file(id: number, patch: Partial<SourceFile> = {}): SourceFile {
  return {
    id,
    name: `file-${id}.pdf`,
    file_hash: 'abc',
    detected_lang: 'eng',
    detected_lang_confidence: 1,
    category: 'REFERENCE',
    labels: [],
    created_at: '2026-11-26 10:00:00+00:00',
    updated_at: '2026-11-26 10:00:00+00:00',
    size: 2048,
    project_id: 3,
    is_detecting: false,
    ...patch,
  };
}

function renderList(files: SourceFile[], canOpen = false) {
  invoke.mockImplementation((channel) => {
    const answers: Record<string, unknown> = {
      'files:list': files,
      'files:open': { opened: canOpen },
    };
    const result: IpcResult<unknown> =
      channel in answers
        ? { ok: true, value: answers[channel] }
        : { ok: false, error: { code: 'internal', message: channel } };
    return Promise.resolve(result);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReferenceFiles projectId={3} projectName="Website" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  invoke.mockReset();
  upload.mockReset();
  download.mockReset();
  useEditorStore.setState(useEditorStore.getInitialState());
});

describe('ReferenceFiles', () => {
  it("lists only the project's REFERENCE files", async () => {
    renderList([
      file(1, { name: 'style-guide.pdf' }),
      file(2, { name: 'source.docx', category: 'API' }),
      file(3, { name: 'other-project.pdf', project_id: 9 }),
      file(4, { name: 'no-project.pdf', project_id: null }),
      file(5, { name: 'glossary.xlsx', size: 3 * 1024 * 1024 }),
    ]);
    const list = await screen.findByRole('list', { name: 'Reference material of Website' });
    const rows = within(list).getAllByTestId('reference-row');
    expect(rows.map((row) => row.dataset.fileName)).toEqual(['style-guide.pdf', 'glossary.xlsx']);
    expect(invoke).toHaveBeenCalledWith('files:list', {});
  });

  it('opens a file with the system app where the host can, without downloading it', async () => {
    const user = renderList([file(1, { name: 'style-guide.pdf' })], true);
    await user.click(await screen.findByRole('button', { name: 'style-guide.pdf' }));
    await waitFor(() => expect(invoke).toHaveBeenCalledWith('files:open', { id: 1 }));
    expect(download).not.toHaveBeenCalled();
  });

  it('downloads a file with a click on its name where the host cannot open it, and with its button', async () => {
    download.mockResolvedValue({ ok: true, value: { savedTo: '/tmp/style-guide.pdf' } });
    const user = renderList([file(1, { name: 'style-guide.pdf' })]);
    await user.click(await screen.findByRole('button', { name: 'style-guide.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Download style-guide.pdf' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download.mock.calls).toEqual([
      ['files:download', { id: 1 }],
      ['files:download', { id: 1 }],
    ]);
  });

  it('reports a failed download to the editor’s alert', async () => {
    download.mockResolvedValue({ ok: false, error: { code: 'network', message: 'Offline.' } });
    const user = renderList([file(1)]);
    await user.click(await screen.findByRole('button', { name: 'Download file-1.pdf' }));
    await waitFor(() => expect(useEditorStore.getState().alert).not.toBeNull());
    expect(useEditorStore.getState().alert?.title).toBe('The file was not downloaded');
  });

  it('says when there is none, and uploads a picked file as REFERENCE of the project', async () => {
    upload.mockResolvedValue({ ok: true, value: file(7) });
    const user = renderList([]);
    expect(await screen.findByTestId('reference-none')).toBeTruthy();
    const picked = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByTestId('reference-add-input'), picked);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [channel, input, body] = upload.mock.calls[0]!;
    expect(channel).toBe('files:upload');
    expect(input).toMatchObject({ name: 'notes.txt', category: 'REFERENCE', project_id: 3 });
    expect(body).toBe(picked);
    // The list is asked again once the upload ends.
    await waitFor(() =>
      expect(invoke.mock.calls.filter(([c]) => c === 'files:list').length).toBe(2),
    );
  });
});
