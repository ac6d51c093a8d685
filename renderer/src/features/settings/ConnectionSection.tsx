import type { ConnectionState } from '../../../../shared/ipc/settings';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ConnectionForm } from './ConnectionForm';
import { useSetConnection } from './mutations';

export function ConnectionSection({ state }: { state: ConnectionState }) {
  const setConnection = useSetConnection();
  // Start the form again from the saved settings whenever they change (here or elsewhere).
  const savedKey =
    state.mode === 'remote'
      ? `remote|${state.baseUrl ?? ''}|${state.commentsBaseUrl ?? ''}|${state.caCertificates ?? ''}`
      : 'embedded';
  return (
    <section className="card" aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>
      <ConnectionForm
        key={savedKey}
        state={state}
        isSaving={setConnection.isPending}
        onSave={(input) => setConnection.mutate(input)}
      />
      {setConnection.isError ? (
        <ErrorMessage error={setConnection.error} title="The connection was not saved" />
      ) : null}
      {setConnection.isSuccess ? (
        <p className="notice notice-success" role="status" data-testid="connection-saved">
          Connection saved.
        </p>
      ) : null}
    </section>
  );
}
