import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

interface Options {
  isPending?: boolean;
  error?: unknown;
  isBlocked?: boolean;
}

function renderDialog({ isPending = false, error = null, isBlocked = false }: Options = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const view = render(
    <>
      <button type="button">Delete memory…</button>
      <ConfirmDeleteDialog
        testId="delete-memory"
        title="Delete “Help en-es”?"
        confirmLabel="Delete memory"
        onConfirm={onConfirm}
        onClose={onClose}
        isPending={isPending}
        error={error}
        errorTitle="Could not delete the memory"
        isBlocked={isBlocked}
      >
        <p>Its 1,204 units go. This cannot be undone.</p>
      </ConfirmDeleteDialog>
    </>,
  );
  return { onConfirm, onClose, view, user: userEvent.setup() };
}

describe('ConfirmDeleteDialog', () => {
  it('opens as a modal named by its title, with what goes and the safe choice focused', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete “Help en-es”?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('deletes only on the danger button', async () => {
    const { onConfirm, onClose, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete memory' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels from the keyboard: Enter on the focused Cancel', async () => {
    const { onConfirm, onClose, user } = renderDialog();
    await user.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes when the browser closes the dialog (Esc)', () => {
    const { onClose } = renderDialog();
    fireEvent(screen.getByRole('dialog'), new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed twice while the deletion runs', () => {
    renderDialog({ isPending: true });
    const ok = screen.getByTestId('delete-memory-ok');
    expect(ok.textContent).toBe('Deleting…');
    expect(ok).toHaveProperty('disabled', true);
  });

  it('shows why a deletion failed, under its own title', () => {
    renderDialog({ error: { code: 'conflict', message: 'A project uses it.', status: 409 } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not delete the memory');
    expect(alert.textContent).toContain('A project uses it. (HTTP 409)');
  });

  it('offers only Close when the deletion cannot go ahead', () => {
    renderDialog({ isBlocked: true, error: new Error('Two projects still use this memory.') });
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete memory' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Two projects still use this memory.');
  });

  it('gives the focus back to the button that opened it, though Cancel took it on open', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const view = render(
      <ConfirmDeleteDialog
        testId="delete-memory"
        title="Delete?"
        confirmLabel="Delete memory"
        onConfirm={() => {}}
        onClose={() => {}}
        isPending={false}
        error={null}
        errorTitle="Could not delete the memory"
      >
        <p>Gone for good.</p>
      </ConfirmDeleteDialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    view.unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('sends the focus to the fallback when it goes, as the deleted item’s button is gone', () => {
    const next = document.createElement('button');
    document.body.append(next);
    const view = render(
      <ConfirmDeleteDialog
        testId="delete-memory"
        title="Delete?"
        confirmLabel="Delete memory"
        onConfirm={() => {}}
        onClose={() => {}}
        isPending={false}
        error={null}
        errorTitle="Could not delete the memory"
        fallbackFocus={() => next}
      >
        <p>Gone for good.</p>
      </ConfirmDeleteDialog>,
    );
    view.unmount();
    expect(document.activeElement).toBe(next);
    next.remove();
  });
});
