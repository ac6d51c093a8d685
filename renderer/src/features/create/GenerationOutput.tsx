import type { GenerationState } from './use-generation';
import { progressAnnouncement } from './generation-progress';

interface GenerationOutputProps {
  generation: GenerationState;
  onStop: () => void;
}

/** The text as it streams in, with Stop; a polite live region says how far it got. */
export function GenerationOutput({ generation, onStop }: GenerationOutputProps) {
  const { text, isRunning, isStopping, result } = generation;
  const phase = isStopping ? 'stopping' : isRunning ? 'running' : (result?.status ?? 'finished');
  return (
    <section
      className="create-output"
      aria-labelledby="create-output-title"
      data-testid="create-output"
    >
      <div className="create-output-header">
        <h2 id="create-output-title">{isRunning ? 'Generating' : 'Generated text'}</h2>
        {isRunning ? (
          <button
            type="button"
            className="button"
            onClick={onStop}
            disabled={isStopping}
            data-testid="create-stop"
          >
            {isStopping ? 'Stopping…' : 'Stop'}
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="create-progress">
        {progressAnnouncement(text, phase)}
      </p>
      <div className="create-output-text" aria-busy={isRunning} data-testid="create-stream">
        {text || (isRunning ? <span className="muted">Waiting for the engine…</span> : null)}
      </div>
      {result?.message ? (
        <p className="notice notice-error" role="alert">
          {result.message}
        </p>
      ) : null}
    </section>
  );
}
