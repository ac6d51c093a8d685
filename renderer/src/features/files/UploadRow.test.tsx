import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UploadItem } from './upload-store';
import type { Uploader } from './uploader';
import { UploadRow } from './UploadRow';

function item(patch: Partial<UploadItem> = {}): UploadItem {
  return {
    key: 'k1',
    uploadId: 'u1',
    name: 'guide.pdf',
    file: new File(['x'], 'guide.pdf'),
    options: { detectLanguage: true, category: 'REFERENCE' },
    state: 'uploading',
    sentBytes: 1024,
    totalBytes: 4096,
    error: null,
    isCancelling: false,
    isStoredDespiteCancel: false,
    ...patch,
  };
}

// The row only calls the uploader it is given (a prop): record what it asks for.
function renderRow(upload: UploadItem) {
  const uploader = {
    enqueue: vi.fn<Uploader['enqueue']>(),
    cancel: vi.fn<Uploader['cancel']>(() => Promise.resolve()),
    retry: vi.fn<Uploader['retry']>(),
  };
  const onDismiss = vi.fn<(key: string) => void>();
  render(
    <ul>
      <UploadRow item={upload} uploader={uploader} onDismiss={onDismiss} />
    </ul>,
  );
  return { uploader, onDismiss, user: userEvent.setup() };
}

describe('UploadRow', () => {
  it('reads the bytes sent in words, on the bar as well', () => {
    renderRow(item());
    const bar = screen.getByRole('progressbar', { name: 'Upload of guide.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('1 KB of 4 KB sent');
    expect(screen.getByTestId('upload-state').textContent).toBe('Uploading');
  });

  it('cancels a running upload, named by its file, and cannot be dismissed meanwhile', async () => {
    const { uploader, user } = renderRow(item());
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of guide.pdf' }));
    expect(uploader.cancel).toHaveBeenCalledWith('k1');
    expect(screen.queryByRole('button', { name: 'Dismiss guide.pdf' })).toBeNull();
  });

  it('shows a cancel under way and blocks a second one', () => {
    renderRow(item({ isCancelling: true }));
    const cancel = screen.getByRole('button', { name: 'Cancel the upload of guide.pdf' });
    expect(cancel.textContent).toBe('Cancelling…');
    expect(cancel).toHaveProperty('disabled', true);
    expect(screen.getByTestId('upload-bytes').textContent).toBe('Cancelling… 1 KB of 4 KB sent');
  });

  it('waits for a free slot when queued', () => {
    renderRow(item({ state: 'queued', sentBytes: 0 }));
    expect(screen.getByTestId('upload-state').textContent).toBe('Waiting');
    expect(screen.getByTestId('upload-bytes').textContent).toBe('4 KB, waiting for a free slot');
  });

  it('says why an upload failed, with a red bar, and offers no "Try again" for a refused file', async () => {
    const upload = item({
      state: 'failed',
      error: {
        code: 'payload-too-large',
        message: 'The file is too large.',
        status: 413,
        hint: 'Files up to 4 KB.',
      },
    });
    const { onDismiss, user } = renderRow(upload);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The file is too large. (HTTP 413)');
    expect(alert.textContent).toContain('Files up to 4 KB.');
    expect(screen.getByTestId('upload-bytes').textContent).toBe('Stopped after 1 KB of 4 KB');
    // The same file would be refused again: no "Try again", and the bar is not left green.
    expect(screen.queryByRole('button', { name: 'Upload guide.pdf again' })).toBeNull();
    expect(screen.getByRole('progressbar').dataset.outcome).toBe('failed');
    await user.click(screen.getByRole('button', { name: 'Dismiss guide.pdf' }));
    expect(onDismiss).toHaveBeenCalledWith('k1');
  });

  it('offers to try again an upload the network cut, in words without internals', async () => {
    const upload = item({
      state: 'failed',
      error: {
        code: 'network',
        message: 'The request has no file bytes: send the file as the body',
      },
    });
    const { uploader, user } = renderRow(upload);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The file is empty.');
    expect(alert.textContent).not.toContain('body');
    await user.click(screen.getByRole('button', { name: 'Upload guide.pdf again' }));
    expect(uploader.retry).toHaveBeenCalledWith('k1');
  });

  it('says the file was stored even when the cancel came too late', () => {
    renderRow(item({ state: 'done', sentBytes: 4096, isStoredDespiteCancel: true }));
    expect(screen.getByTestId('upload-state').textContent).toBe('Stored');
    expect(screen.getByTestId('upload-bytes').textContent).toBe('4 KB stored (too late to cancel)');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByRole('button', { name: /Cancel|again/ })).toBeNull();
  });

  it('tells a cancelled upload from a failed one', () => {
    renderRow(item({ state: 'cancelled', sentBytes: 2048 }));
    expect(screen.getByTestId('upload-state').textContent).toBe('Cancelled');
    expect(screen.getByTestId('upload-bytes').textContent).toBe('Cancelled after 2 KB of 4 KB');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
