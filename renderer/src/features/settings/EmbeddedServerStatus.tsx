import type {
  ServerRestarts,
  EmbeddedServerStatus as Status,
} from '../../../../shared/ipc/settings';

/** How the server Wordbench runs on this computer is doing, and how often it had to restart. */
export function EmbeddedServerStatus({ status }: { status: Status }) {
  if (status.state === 'failed') {
    return (
      <div className="notice notice-error" role="alert" data-testid="embedded-server-status">
        <p className="notice-title">The embedded server could not start</p>
        <p>{status.message}</p>
        <p className="notice-hint">Restart Wordbench. If it keeps failing, use a hosted service.</p>
        {status.details ? <ServerDetails text={status.details} /> : null}
      </div>
    );
  }
  const restarts =
    status.state === 'running' || status.state === 'starting' ? status.restarts : undefined;
  return (
    <div>
      <p className="status-line" data-testid="embedded-server-status" data-state={status.state}>
        <span
          className={`status-dot tone-${status.state === 'running' ? 'ok' : 'pending'}`}
          aria-hidden="true"
        />
        {status.state === 'running' ? (
          <>
            Embedded server running at <code>{status.url}</code>
          </>
        ) : null}
        {status.state === 'starting' ? (status.message ?? 'Embedded server starting…') : null}
        {status.state === 'stopped' ? 'Embedded server stopped.' : null}
      </p>
      {restarts ? <RestartSummary restarts={restarts} /> : null}
    </div>
  );
}

/** The supervisor's record: how many restarts, when it last stopped, and what it said then. */
function RestartSummary({ restarts }: { restarts: ServerRestarts }) {
  const times = restarts.count === 1 ? 'once' : `${restarts.count} times`;
  const when = new Date(restarts.lastStoppedAt).toLocaleString();
  return (
    <div className="notice" data-testid="embedded-server-restarts">
      <p>
        {restarts.count === 0
          ? `It stopped by itself at ${when} and is being started again.`
          : `It stopped by itself and was started again ${times}; last at ${when}.`}{' '}
        Your work was kept.
      </p>
      <ServerDetails text={restarts.lastReason} />
    </div>
  );
}

/** What the server last wrote: for whoever diagnoses it, folded away from the headline. */
function ServerDetails({ text }: { text: string }) {
  return (
    <details>
      <summary>Details</summary>
      <pre className="server-details">{text}</pre>
    </details>
  );
}
