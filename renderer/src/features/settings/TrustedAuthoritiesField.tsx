interface TrustedAuthoritiesFieldProps {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

/** A team server with a certificate from the team's own authority: its certificates, in PEM. */
export function TrustedAuthoritiesField({ value, error, onChange }: TrustedAuthoritiesFieldProps) {
  return (
    <div className="field">
      <label htmlFor="connection-ca">Trusted certificate authorities (optional)</label>
      <textarea
        id="connection-ca"
        rows={4}
        spellCheck={false}
        placeholder="-----BEGIN CERTIFICATE-----"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'connection-ca-error' : 'connection-ca-help'}
        data-testid="connection-ca"
      />
      {error ? (
        <p className="field-error" id="connection-ca-error">
          {error}
        </p>
      ) : (
        <p className="field-help" id="connection-ca-help">
          For a team server whose certificate your team issued itself: paste its authority&rsquo;s
          certificate (PEM). Certificates from public authorities need nothing here.
        </p>
      )}
    </div>
  );
}
