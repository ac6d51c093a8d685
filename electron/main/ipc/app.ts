import type { AppInfo } from '../../../shared/ipc/settings';
import type { Handlers } from './validated';

export function appHandlers(info: AppInfo): Pick<Handlers, 'app:get-info'> {
  return { 'app:get-info': async () => info };
}
