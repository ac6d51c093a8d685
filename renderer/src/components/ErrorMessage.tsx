import type { ReactNode } from 'react';
import { canRetryHelp, toIpcError } from '../bridge/ipc-errors';

interface ErrorMessageProps {
  error: unknown;
  /** What was being attempted, e.g. "Could not load the languages". */
  title?: string;
  testId?: string;
  /** Offers "Try again", which calls this (a query's refetch), when trying again can work. */
  onRetry?: () => void;
  /** Other buttons that deal with it (dismiss). */
  children?: ReactNode;
}

/** An error in words: what failed, why, and what to do about it. */
export function ErrorMessage({
  error,
  title,
  testId = 'error-message',
  onRetry,
  children,
}: ErrorMessageProps) {
  const { message, hint, status } = toIpcError(error);
  // A refused input (400, 404, 413, 415) fails the same way again: no "Try again" for it.
  const retry = onRetry && canRetryHelp(error) ? onRetry : undefined;
  return (
    <div className="notice notice-error" role="alert" data-testid={testId}>
      {title ? <p className="notice-title">{title}</p> : null}
      <p>
        {message}
        {status ? <span className="notice-meta"> (HTTP {status})</span> : null}
      </p>
      {hint ? <p className="notice-hint">{hint}</p> : null}
      {retry || children ? (
        <div className="notice-actions">
          {retry ? (
            <button type="button" className="button button-small" onClick={retry}>
              Try again
            </button>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}
