import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentWithoutSegments } from '../../../../../shared/api/projects';
import type { IpcResult } from '../../../../../shared/ipc/errors';
import { createQueryClient } from '../../../app/query-client';
import { useEditorStore } from '../editor-store';
import { DeleteDocumentDialog } from './DeleteDocumentDialog';
import { DocumentRow } from './DocumentRow';
import { installTestBridge } from '../../../test-bridge';

// The bridge is the seam to Electron: the page's own bridge, over a transport that answers here.
const download = vi.fn<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>();
const invoke = installTestBridge({ download });

function doc(patch: Partial<DocumentWithoutSegments> = {}): DocumentWithoutSegments {
  return {
    id: 5,
    project_id: 2,
    srclang: 'en',
    trglang: 'de',
    name: 'manual.docx',
    import_in_progress: false,
    import_succeeded: true,
    import_error_message: null,
    export_in_progress: false,
    export_succeeded: false,
    export_error_message: null,
    is_pretranslating: false,
    status: { pretranslation: 'idle' },
    translator_email: null,
    reviewer_email: null,
    customer_reviewer_email: null,
    created_at: 1_780_000_000,
    updated_at: 1_780_000_000,
    is_review_complete: false,
    segments_total: 0,
    segments_confirmed: 0,
    words_total: 0,
    words_confirmed: 0,
    ...patch,
  };
}

// The row with the delete dialog the document list opens from the store.
function RowHarness({
  document,
  onOpen,
}: {
  document: DocumentWithoutSegments;
  onOpen: () => void;
}) {
  const deleting = useEditorStore((state) => state.deleting);
  return (
    <>
      <ul>
        <DocumentRow document={document} onOpen={onOpen} />
      </ul>
      {deleting ? <DeleteDocumentDialog id={deleting.id} name={deleting.name} /> : null}
    </>
  );
}

function renderRow(document = doc()) {
  const onOpen = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RowHarness document={document} onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return { onOpen, user: userEvent.setup() };
}

beforeEach(() => {
  invoke.mockReset();
  download.mockReset();
  useEditorStore.setState(useEditorStore.getInitialState());
});

describe('DocumentRow', () => {
  it('shows the name and pair, and opens the document', async () => {
    const { onOpen, user } = renderRow();
    const row = screen.getByRole('listitem');
    expect(row.textContent).toContain('en → de');
    expect(screen.queryByTestId('document-pretranslating')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'manual.docx' }));
    expect(onOpen).toHaveBeenCalledWith(5);
  });

  it('says while it is being pretranslated, and why an import failed', () => {
    renderRow(doc({ is_pretranslating: true, import_error_message: 'The file is not XLIFF.' }));
    expect(screen.getByTestId('document-pretranslating').textContent).toBe('· pretranslating…');
    expect(screen.getByText('The file is not XLIFF.')).toBeTruthy();
  });

  it('shows confirmed words out of all as a progress bar with its figures', () => {
    renderRow(
      doc({ segments_total: 40, segments_confirmed: 9, words_total: 5000, words_confirmed: 1234 }),
    );
    const bar = screen.getByRole('progressbar', { name: 'Confirmed words of manual.docx' });
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect(bar.getAttribute('aria-valuetext')).toBe('1,234 / 5,000 words (24%)');
    expect(screen.getByTestId('document-progress').textContent).toBe('1,234 / 5,000 words');
  });

  it('shows no bar for a document without words', () => {
    renderRow();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('downloads the XLIFF or the original', async () => {
    download.mockResolvedValue({ ok: true, value: { saved: true } });
    const { user } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Download XLIFF' }));
    await user.click(screen.getByRole('button', { name: 'Download original' }));
    expect(download.mock.calls).toEqual([
      ['documents:download', { id: 5, is_xliff: true }],
      ['documents:download', { id: 5, is_xliff: false }],
    ]);
  });

  it('reports a failed download to the editor’s alert', async () => {
    download.mockResolvedValue({ ok: false, error: { code: 'network', message: 'Offline.' } });
    const { user } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Download XLIFF' }));
    await waitFor(() => expect(useEditorStore.getState().alert).not.toBeNull());
    expect(useEditorStore.getState().alert?.title).toBe('The document was not downloaded');
  });

  it('asks before deleting, and Cancel keeps the document', async () => {
    const { user } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Delete manual.docx' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “manual.docx”?' });
    expect(dialog.textContent).toContain('Units already confirmed stay in the memory.');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('deletes on confirmation and closes the dialog', async () => {
    invoke.mockResolvedValue({ ok: true, value: { id: 5 } });
    const { user } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Delete manual.docx' }));
    await user.click(screen.getByRole('button', { name: 'Delete document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(invoke).toHaveBeenCalledWith('documents:delete', { id: 5 });
  });

  it('keeps the dialog open with the reason when deleting fails', async () => {
    invoke.mockResolvedValue({
      ok: false,
      error: { code: 'conflict', message: 'The document is being exported.', status: 409 },
    });
    const { user } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Delete manual.docx' }));
    await user.click(screen.getByRole('button', { name: 'Delete document' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The document was not deleted');
    expect(alert.textContent).toContain('The document is being exported. (HTTP 409)');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
