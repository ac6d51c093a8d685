import { defaultCommentsUrl } from './service-url';
import { TrustedAuthoritiesField } from './TrustedAuthoritiesField';

interface RemoteFieldsProps {
  baseUrl: string;
  commentsBaseUrl: string;
  caCertificates: string;
  onBaseUrlChange: (value: string) => void;
  onCommentsBaseUrlChange: (value: string) => void;
  onCaCertificatesChange: (value: string) => void;
  /** Messages to show under each field (null: nothing wrong, or not checked yet). */
  errors: { baseUrl: string | null; commentsBaseUrl: string | null; caCertificates: string | null };
}

export function RemoteFields(props: RemoteFieldsProps) {
  const { baseUrl, commentsBaseUrl, errors } = props;
  return (
    <div className="field-group">
      <div className="field">
        <label htmlFor="connection-base-url">Base URL</label>
        <input
          id="connection-base-url"
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder="https://api.example.com"
          value={baseUrl}
          onChange={(event) => props.onBaseUrlChange(event.target.value)}
          aria-invalid={errors.baseUrl ? true : undefined}
          aria-describedby={errors.baseUrl ? 'connection-base-url-error' : undefined}
          data-testid="connection-base-url"
        />
        {errors.baseUrl ? (
          <p className="field-error" id="connection-base-url-error">
            {errors.baseUrl}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="connection-comments-base-url">Comments base URL (optional)</label>
        <input
          id="connection-comments-base-url"
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder={defaultCommentsUrl(baseUrl)}
          value={commentsBaseUrl}
          onChange={(event) => props.onCommentsBaseUrlChange(event.target.value)}
          aria-invalid={errors.commentsBaseUrl ? true : undefined}
          aria-describedby={
            errors.commentsBaseUrl
              ? 'connection-comments-base-url-error'
              : 'connection-comments-base-url-help'
          }
          data-testid="connection-comments-base-url"
        />
        {errors.commentsBaseUrl ? (
          <p className="field-error" id="connection-comments-base-url-error">
            {errors.commentsBaseUrl}
          </p>
        ) : (
          <p className="field-help" id="connection-comments-base-url-help">
            Leave empty to use the base URL followed by /2.
          </p>
        )}
      </div>
      <TrustedAuthoritiesField
        value={props.caCertificates}
        error={errors.caCertificates}
        onChange={props.onCaCertificatesChange}
      />
    </div>
  );
}
