import { ErrorMessage } from '../../components/ErrorMessage';
import { useTestConnection } from './mutations';

export function TestConnectionSection() {
  const test = useTestConnection();
  const result = test.data;
  return (
    <section className="card" aria-labelledby="test-connection-heading">
      <h2 id="test-connection-heading">Test the connection</h2>
      <p className="muted">Asks the server for a sign of life with the saved address and key.</p>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={test.isPending}
          onClick={() => test.mutate()}
          data-testid="test-connection"
        >
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {test.isError ? <ErrorMessage error={test.error} title="The test could not run" /> : null}
      {result ? (
        <div
          className={`notice ${result.ok ? 'notice-success' : 'notice-error'}`}
          role="status"
          data-testid="test-connection-result"
          data-ok={result.ok ? 'true' : 'false'}
        >
          <p className="notice-title">{result.ok ? 'Test passed' : 'Test failed'}</p>
          <p>{result.message}</p>
          <dl className="facts">
            {result.latencyMs !== undefined ? (
              <>
                <dt>Answered in</dt>
                <dd>{Math.round(result.latencyMs)} ms</dd>
              </>
            ) : null}
            {result.serverVersion ? (
              <>
                <dt>Server version</dt>
                <dd>{result.serverVersion}</dd>
              </>
            ) : null}
            {result.status !== undefined ? (
              <>
                <dt>HTTP status</dt>
                <dd>{result.status}</dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : null}
    </section>
  );
}
