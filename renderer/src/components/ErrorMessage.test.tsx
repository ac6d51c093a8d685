import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IpcError } from '../../../shared/ipc/errors';
import { ErrorMessage } from './ErrorMessage';

describe('ErrorMessage', () => {
  it('says what failed, why, the HTTP status and what to do, as an alert', () => {
    const error: IpcError = {
      code: 'unauthorized',
      message: 'The API key was refused.',
      status: 401,
      hint: 'Set a new key in Settings.',
    };
    render(<ErrorMessage error={error} title="Could not load the projects" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveProperty('dataset.testid', 'error-message');
    expect(alert.textContent).toContain('Could not load the projects');
    expect(alert.textContent).toContain('The API key was refused. (HTTP 401)');
    expect(alert.textContent).toContain('Set a new key in Settings.');
  });

  it('shows an Error thrown in the page by its message, with no status', () => {
    render(<ErrorMessage error={new Error('Disk full')} testId="save-error" />);
    const alert = screen.getByTestId('save-error');
    expect(alert.textContent).toBe('Disk full');
  });

  it('still says something when the rejection carries no reason', () => {
    render(<ErrorMessage error="??" />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Something went wrong, and no reason was given.',
    );
  });

  it('offers "Try again" only with onRetry, and calls it from the keyboard', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorMessage error={new Error('Offline')} />);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    rerender(<ErrorMessage error={new Error('Offline')} onRetry={onRetry} />);
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no "Try again" for a refused input, which would fail the same way', () => {
    const onRetry = vi.fn();
    const gone = { code: 'not-found' as const, status: 404, message: 'The document is gone.' };
    const { rerender } = render(<ErrorMessage error={gone} onRetry={onRetry} />);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    rerender(
      <ErrorMessage error={{ code: 'server', status: 503, message: 'Busy.' }} onRetry={onRetry} />,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks the user’s words, not the API’s', () => {
    const error = { code: 'bad-request' as const, message: 'Malformed JSON body: body/target' };
    render(<ErrorMessage error={error} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Wordbench sent something the server could not read.',
    );
  });

  it('puts the caller’s own buttons beside it', () => {
    render(
      <ErrorMessage error={new Error('Offline')}>
        <button type="button">Dismiss</button>
      </ErrorMessage>,
    );
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
