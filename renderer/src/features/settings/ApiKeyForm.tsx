import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { useSetApiKey } from './mutations';

function checkKey(key: string): string | null {
  if (!key) return 'Paste the API key from your hosted service.';
  if (/\s/.test(key)) return 'An API key has no spaces in it. Check what was pasted.';
  if (key.length > 1024) return 'That is longer than any API key (1,024 characters at most).';
  return null;
}

/** Sends a new key to the vault. The field empties once it is stored; the key is never shown again. */
export function ApiKeyForm({ hasApiKey }: { hasApiKey: boolean }) {
  const setApiKey = useSetApiKey();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [isSaved, setIsSaved] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const key = draft.trim();
    const invalid = checkKey(key);
    setProblem(invalid);
    setFailure(null);
    setIsSaved(false);
    if (invalid) return;
    setApiKey.mutate(key, {
      onSuccess: () => {
        setDraft('');
        setIsSaved(true);
      },
      onError: (error) => setFailure(error),
      // Forget the mutation (its variables are the key) as soon as the answer is in.
      onSettled: () => setApiKey.reset(),
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="api-key-input">{hasApiKey ? 'New API key' : 'API key'}</label>
        <div className="inline-field">
          <input
            id="api-key-input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'api-key-input-error' : 'api-key-input-help'}
            data-testid="api-key-input"
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={setApiKey.isPending}
            data-testid="api-key-save"
          >
            {setApiKey.isPending ? 'Saving…' : hasApiKey ? 'Replace key' : 'Set key'}
          </button>
        </div>
        {problem ? (
          <p className="field-error" id="api-key-input-error">
            {problem}
          </p>
        ) : (
          <p className="field-help" id="api-key-input-help">
            The key goes straight to the vault. This page only ever learns whether one is set.
          </p>
        )}
      </div>
      {failure ? <ErrorMessage error={failure} title="The key was not saved" /> : null}
      {isSaved ? (
        <p className="notice notice-success" role="status" data-testid="api-key-saved">
          Key saved.
        </p>
      ) : null}
    </form>
  );
}
