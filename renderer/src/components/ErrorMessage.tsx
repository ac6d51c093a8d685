import { toIpcError } from '../bridge/ipc-errors';

interface ErrorMessageProps {
  error: unknown;
  /** What was being attempted, e.g. "Could not load the languages". */
  title?: string;
}

/** An error in words: what failed, why, and what to do about it. */
export function ErrorMessage({ error, title }: ErrorMessageProps) {
  const { message, hint, status } = toIpcError(error);
  return (
    <div className="notice notice-error" role="alert" data-testid="error-message">
      {title ? <p className="notice-title">{title}</p> : null}
      <p>
        {message}
        {status ? <span className="notice-meta"> (HTTP {status})</span> : null}
      </p>
      {hint ? <p className="notice-hint">{hint}</p> : null}
    </div>
  );
}
