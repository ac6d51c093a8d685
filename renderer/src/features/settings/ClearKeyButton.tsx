import { useState } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { useClearApiKey } from './mutations';

/** Removes the stored key, after asking. */
export function ClearKeyButton() {
  const clearApiKey = useClearApiKey();
  const [isConfirming, setIsConfirming] = useState(false);

  if (!isConfirming) {
    return (
      <div className="form-actions">
        <button
          type="button"
          className="button button-danger-quiet"
          onClick={() => setIsConfirming(true)}
          data-testid="api-key-clear"
        >
          Clear key
        </button>
      </div>
    );
  }

  return (
    <div className="confirm" role="group" aria-labelledby="api-key-clear-question">
      <p id="api-key-clear-question">
        Clear the stored key? Wordbench cannot reach the hosted service until a key is set again.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="button button-danger"
          disabled={clearApiKey.isPending}
          onClick={() => clearApiKey.mutate(undefined, { onSuccess: () => setIsConfirming(false) })}
          data-testid="api-key-clear-confirm"
        >
          {clearApiKey.isPending ? 'Clearing…' : 'Yes, clear the key'}
        </button>
        <button
          type="button"
          className="button"
          // The safe choice takes the focus.
          autoFocus
          onClick={() => setIsConfirming(false)}
          data-testid="api-key-clear-cancel"
        >
          Cancel
        </button>
      </div>
      {clearApiKey.isError ? (
        <ErrorMessage error={clearApiKey.error} title="The key was not cleared" />
      ) : null}
    </div>
  );
}
