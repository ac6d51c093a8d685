import { useQuery } from '@tanstack/react-query';
import { useReadyNotifications } from './use-ready-notifications';
import { translationQueries } from '../../queries/translations';

/**
 * Tells of each file translation that becomes ready, once, whichever view is open: the list is
 * read again while any translation runs (a start from the Files view invalidates it).
 */
export function ReadyNotifier() {
  const { data } = useQuery(translationQueries.list());
  useReadyNotifications(data);
  return null;
}
