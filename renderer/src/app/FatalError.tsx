import { ErrorMessage } from '../components/ErrorMessage';

interface FatalErrorProps {
  error: unknown;
  onRetry: () => void;
}

/** Shown instead of the app when the host cannot be reached at all. */
export function FatalError({ error, onRetry }: FatalErrorProps) {
  return (
    <main className="fatal" data-testid="fatal-error">
      <div className="fatal-card">
        <h1>Wordbench cannot start</h1>
        <p>The window could not reach the part of Wordbench that holds your settings and key.</p>
        <ErrorMessage error={error} />
        <button type="button" className="button button-primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </main>
  );
}
