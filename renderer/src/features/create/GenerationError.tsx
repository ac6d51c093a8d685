import { routeHref } from '../../app/routes';
import { toIpcError } from '../../bridge/ipc-errors';
import { ErrorMessage } from '../../components/ErrorMessage';

/** A refused or broken generation in words, with the way out: Settings for the engine. */
export function GenerationError({ error }: { error: unknown }) {
  const { status } = toIpcError(error);
  const title =
    status === 409
      ? 'No text engine is configured'
      : status === 403
        ? 'The Create terms are not signed'
        : 'The generation failed';
  return (
    <ErrorMessage error={error} title={title} testId="create-error">
      {status === 409 || (status !== undefined && status >= 500) ? (
        <a
          className="button button-small"
          href={routeHref('settings')}
          data-testid="create-open-settings"
        >
          Set the engine in Settings
        </a>
      ) : null}
    </ErrorMessage>
  );
}
