import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { createQueries } from '../../queries/create';
import { useSignTerms } from './mutations';

/** What the organization agrees to when it signs; shown in full beside the checkbox. */
export const TERMS_TEXT = [
  'Create writes text with the engine your organization configures in Settings: a model on this ' +
    'machine or a service you choose. What you send (template, parameters, tone, style guide and ' +
    'termbase entries) goes to that engine.',
  'Generated text can be wrong, repetitive or unsuitable. You review it before you use, ' +
    'translate or publish it, and you are responsible for what you publish.',
  'Generated contents are stored on your Wordbench server with the parameters used, until you ' +
    'delete them.',
];

/**
 * The terms, read from the server when the view opens and shown only while they are not signed;
 * once signed, one line says so. If they cannot be read, they are shown (signing again is harmless).
 */
export function TermsPanel() {
  const { data: isSigned, isPending } = useQuery(createQueries.terms());
  const sign = useSignTerms();
  const [isAgreed, setIsAgreed] = useState(false);
  // Nothing until the answer comes, so signed terms never flash up.
  if (isPending) return null;
  if (isSigned) {
    return (
      <p className="muted" data-testid="create-terms-signed">
        The Create terms are signed for your organization.
      </p>
    );
  }
  return (
    <section
      className="create-terms"
      aria-labelledby="create-terms-title"
      data-testid="create-terms"
    >
      <h2 id="create-terms-title">Create terms and conditions</h2>
      <p className="muted">
        Your organization has not signed these terms: it signs them once, and Create generates
        nothing until it has.
      </p>
      <div className="create-terms-text" data-testid="create-terms-text">
        {TERMS_TEXT.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <label className="create-checkbox">
        <input
          type="checkbox"
          checked={isAgreed}
          onChange={(event) => setIsAgreed(event.target.checked)}
          data-testid="create-terms-agree"
        />
        I have read these terms and agree to them for my organization
      </label>
      <button
        type="button"
        className="button button-primary"
        disabled={!isAgreed || sign.isPending}
        onClick={() => sign.mutate()}
        data-testid="create-terms-sign"
      >
        {sign.isPending ? 'Signing…' : 'Sign the terms'}
      </button>
      {sign.error ? <ErrorMessage error={sign.error} title="Could not sign the terms" /> : null}
    </section>
  );
}
