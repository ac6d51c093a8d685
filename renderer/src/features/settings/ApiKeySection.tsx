import type { ConnectionState } from '../../../../shared/ipc/settings';
import { ApiKeyForm } from './ApiKeyForm';
import { ClearKeyButton } from './ClearKeyButton';
import { VaultNotice } from './VaultNotice';

/** Whether a key is set and how it is kept. The key itself never comes back to this page. */
export function ApiKeySection({ state }: { state: ConnectionState }) {
  const isEmbedded = state.mode === 'embedded';
  return (
    <section className="card" aria-labelledby="api-key-heading">
      <h2 id="api-key-heading">API key</h2>
      <p className="status-line">
        <span
          className={`status-dot tone-${state.hasApiKey ? 'ok' : 'warning'}`}
          aria-hidden="true"
        />
        <span data-testid="api-key-status">{state.hasApiKey ? 'A key is set' : 'No key set'}</span>
      </p>
      <VaultNotice vault={state.vault} />
      {isEmbedded ? (
        <p className="muted" data-testid="api-key-embedded-note">
          The embedded server uses a key Wordbench made for it on this computer; there is nothing to
          enter. To use a key from a hosted service, choose “Hosted service” above.
        </p>
      ) : (
        <>
          <ApiKeyForm hasApiKey={state.hasApiKey} />
          {state.hasApiKey ? <ClearKeyButton /> : null}
        </>
      )}
    </section>
  );
}
