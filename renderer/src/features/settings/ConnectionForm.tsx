import { useState, type FormEvent } from 'react';
import {
  checkTrustedCertificates,
  type ConnectionInput,
  type ConnectionState,
} from '../../../../shared/ipc/settings';
import { EmbeddedServerStatus } from './EmbeddedServerStatus';
import { RemoteFields } from './RemoteFields';
import { checkServiceUrl, defaultCommentsUrl } from './service-url';

interface ConnectionFormProps {
  state: ConnectionState;
  isSaving: boolean;
  onSave: (input: ConnectionInput) => void;
}

const NO_ERRORS = { baseUrl: null, commentsBaseUrl: null, caCertificates: null };

export function ConnectionForm({ state, isSaving, onSave }: ConnectionFormProps) {
  const [mode, setMode] = useState(state.mode);
  // In embedded mode the state's URLs are the embedded server's: not a hosted address to edit.
  const isRemote = state.mode === 'remote';
  const [baseUrl, setBaseUrl] = useState(isRemote ? (state.baseUrl ?? '') : '');
  // The default comments address is shown as the placeholder, so it follows the base URL.
  const savedComments = state.commentsBaseUrl ?? '';
  const isDefaultComments = savedComments === defaultCommentsUrl(state.baseUrl ?? '');
  const [commentsBaseUrl, setCommentsBaseUrl] = useState(
    isRemote && !isDefaultComments ? savedComments : '',
  );
  const [caCertificates, setCaCertificates] = useState(state.caCertificates ?? '');
  const [hasTriedSave, setHasTriedSave] = useState(false);

  const errors = {
    baseUrl: checkServiceUrl(baseUrl, { isRequired: true }),
    commentsBaseUrl: checkServiceUrl(commentsBaseUrl, { isRequired: false }),
    caCertificates: checkTrustedCertificates(caCertificates),
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'embedded') return onSave({ mode: 'embedded' });
    setHasTriedSave(true);
    if (errors.baseUrl || errors.commentsBaseUrl || errors.caCertificates) return;
    const comments = commentsBaseUrl.trim();
    const ca = caCertificates.trim();
    onSave({
      mode: 'remote',
      baseUrl: baseUrl.trim(),
      ...(comments ? { commentsBaseUrl: comments } : {}),
      ...(ca ? { caCertificates: ca } : {}),
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <fieldset className="choice-group">
        <legend>Send work to</legend>
        <label className="choice">
          <input
            type="radio"
            name="connection-mode"
            value="embedded"
            checked={mode === 'embedded'}
            onChange={() => setMode('embedded')}
            data-testid="connection-mode-embedded"
          />
          <span>
            <span className="choice-label">Embedded server (this computer)</span>
            <span className="choice-help">
              Works offline, with no account. Your files and memories stay on this computer.
            </span>
          </span>
        </label>
        <label className="choice">
          <input
            type="radio"
            name="connection-mode"
            value="remote"
            checked={mode === 'remote'}
            onChange={() => setMode('remote')}
            data-testid="connection-mode-remote"
          />
          <span>
            <span className="choice-label">Hosted service</span>
            <span className="choice-help">
              A Translation Workflow API service on your network or the internet, with its own key.
            </span>
          </span>
        </label>
      </fieldset>

      {mode === 'embedded' ? <EmbeddedServerStatus status={state.embedded} /> : null}
      {mode === 'remote' ? (
        <RemoteFields
          baseUrl={baseUrl}
          commentsBaseUrl={commentsBaseUrl}
          onBaseUrlChange={setBaseUrl}
          onCommentsBaseUrlChange={setCommentsBaseUrl}
          caCertificates={caCertificates}
          onCaCertificatesChange={setCaCertificates}
          errors={hasTriedSave ? errors : NO_ERRORS}
        />
      ) : null}

      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={isSaving}
          data-testid="connection-save"
        >
          {isSaving ? 'Saving…' : 'Save connection'}
        </button>
      </div>
    </form>
  );
}
