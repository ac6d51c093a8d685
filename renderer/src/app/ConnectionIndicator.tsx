import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toIpcError } from '../bridge/ipc-errors';
import { settingsQueries } from '../queries/settings';
import { routeHref } from './routes';
import {
  describeConnection,
  describeServerTrouble,
  describeStartStep,
  type ConnectionTone,
} from './connection-label';

/** The time now, read again every second while `isTicking` (stale otherwise). */
function useSecondsClock(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

/** The header's connection summary; it links to Settings, where the connection is changed. */
export function ConnectionIndicator() {
  const connection = useQuery(settingsQueries.connection());
  const now = useSecondsClock(connection.data?.embedded.state === 'starting');
  let text = 'Checking connection…';
  let tone: ConnectionTone = 'pending';
  let title: string | undefined;
  let trouble: ReturnType<typeof describeServerTrouble>;
  if (connection.data) {
    ({ text, tone } = describeConnection(connection.data, now));
    trouble = describeServerTrouble(connection.data);
    title = trouble?.details
      ? `${trouble.headline}\n\nDetails:\n${trouble.details}`
      : (trouble?.headline ?? describeStartStep(connection.data));
  } else if (connection.isError) {
    text = 'Connection unknown';
    tone = 'error';
    title = toIpcError(connection.error).message;
  }
  return (
    <a
      className={`connection-status tone-${tone}`}
      href={routeHref('settings')}
      data-testid="connection-status"
      data-tone={tone}
      title={title}
      aria-live="polite"
    >
      <span className="status-dot" aria-hidden="true" />
      {text}
      {/* Read out with the label (aria-live), so a restart is heard as well as seen. */}
      {trouble ? <span className="visually-hidden">: {trouble.headline}</span> : null}
    </a>
  );
}
