import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from './ModalDialog';

/** A button that opens the dialog; Apply closes it and leaves the button busy (disabled). */
function Opener({ isBusyAfter }: { isBusyAfter: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  return (
    <>
      <input aria-label="Replace with" />
      <button type="button" disabled={isBusy} onClick={() => setOpen(true)}>
        Replace all…
      </button>
      {isOpen ? (
        <ModalDialog
          labelledBy="title"
          testId="dialog"
          onClose={() => setOpen(false)}
          fallbackFocus={() => screen.getByLabelText('Replace with')}
        >
          <h2 id="title">Replace all</h2>
          <button
            type="button"
            onClick={() => {
              setBusy(isBusyAfter);
              setOpen(false);
            }}
          >
            Apply
          </button>
        </ModalDialog>
      ) : null}
    </>
  );
}

describe('ModalDialog', () => {
  it('gives the focus back to the button that opened it', () => {
    render(<Opener isBusyAfter={false} />);
    const opener = screen.getByRole('button', { name: 'Replace all…' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByText('Apply'));
    expect(document.activeElement).toBe(opener);
  });

  it('gives it to the fallback when the opener is disabled by then, never to the page body', () => {
    render(<Opener isBusyAfter />);
    const opener = screen.getByRole('button', { name: 'Replace all…' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByText('Apply'));
    expect(document.activeElement).toBe(screen.getByLabelText('Replace with'));
  });
});
