import { useQuery } from '@tanstack/react-query';
import { serverIdentity } from '../../../app/server-switch';
import { settingsQueries } from '../../../queries/settings';
import { useIsWaiting, WAITING_MESSAGE } from './waiting-saves';

/** Said on a segment whose save waits for the server: the work is kept and will be sent. */
export function WaitingForServer({ segmentId }: { segmentId: number }) {
  const server = useQuery({ ...settingsQueries.connection(), select: serverIdentity }).data;
  const isWaiting = useIsWaiting(segmentId, server);
  if (!isWaiting) return null;
  return (
    <p className="segment-waiting" role="status" data-testid="segment-waiting">
      {WAITING_MESSAGE}
    </p>
  );
}
