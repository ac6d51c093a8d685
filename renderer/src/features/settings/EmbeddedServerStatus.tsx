import type { EmbeddedServerStatus as Status } from '../../../../shared/ipc/settings';

/** How the server Wordbench runs on this computer is doing. */
export function EmbeddedServerStatus({ status }: { status: Status }) {
  if (status.state === 'failed') {
    return (
      <div className="notice notice-error" role="alert" data-testid="embedded-server-status">
        <p className="notice-title">The embedded server could not start</p>
        <p>{status.message}</p>
        <p className="notice-hint">Restart Wordbench. If it keeps failing, use a hosted service.</p>
      </div>
    );
  }
  return (
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
      {status.state === 'starting' ? 'Embedded server starting…' : null}
      {status.state === 'stopped' ? 'Embedded server stopped.' : null}
    </p>
  );
}
