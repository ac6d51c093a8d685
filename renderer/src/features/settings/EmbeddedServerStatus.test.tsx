import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmbeddedServerStatus } from './EmbeddedServerStatus';

const restarts = {
  count: 2,
  lastStoppedAt: Date.UTC(2026, 10, 26, 22, 0),
  lastReason: 'The embedded server was killed by SIGKILL.\nfatal: out of memory',
};

describe('EmbeddedServerStatus', () => {
  it('shows the running server alone when it never had to restart', () => {
    render(<EmbeddedServerStatus status={{ state: 'running', url: 'http://127.0.0.1:4000' }} />);
    expect(screen.getByTestId('embedded-server-status').textContent).toBe(
      'Embedded server running at http://127.0.0.1:4000',
    );
    expect(screen.queryByTestId('embedded-server-restarts')).toBeNull();
  });

  it('tells how often the server was restarted, with its last words folded in Details', () => {
    render(
      <EmbeddedServerStatus
        status={{ state: 'running', url: 'http://127.0.0.1:4001', pid: 7, restarts }}
      />,
    );
    const summary = screen.getByTestId('embedded-server-restarts');
    expect(summary.textContent).toContain('was started again 2 times; last at');
    expect(summary.textContent).toContain('Your work was kept.');
    const details = summary.querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('fatal: out of memory');
  });

  it('says a restart is under way with the supervisor’s message', () => {
    render(
      <EmbeddedServerStatus
        status={{
          state: 'starting',
          message: 'The local server stopped and is being restarted.',
          restarts: { ...restarts, count: 0 },
        }}
      />,
    );
    expect(screen.getByTestId('embedded-server-status').textContent).toBe(
      'The local server stopped and is being restarted.',
    );
    expect(screen.getByTestId('embedded-server-restarts').textContent).toContain(
      'is being started again',
    );
  });

  it('shows a final failure as an alert, its details folded', () => {
    render(
      <EmbeddedServerStatus
        status={{ state: 'failed', message: 'It keeps stopping.', details: 'exit 3' }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('It keeps stopping.');
    expect(alert.querySelector('details')?.textContent).toContain('exit 3');
  });
});
