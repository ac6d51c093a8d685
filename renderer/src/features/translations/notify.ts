import type { TranslationInfo } from '../../../../shared/api/file-translation';
import { getBridge } from '../../bridge';

export const canAskNotificationPermission = (): boolean =>
  typeof Notification !== 'undefined' && Notification.permission === 'default';

/**
 * Says a translation is ready outside the page: the desktop's system notification, or in a
 * browser the web Notification when the user has allowed it. Never throws: the page says it too.
 */
export async function notifyReady(info: TranslationInfo): Promise<void> {
  try {
    const { shown } = await getBridge().translations.notifyReady({ id: info.id });
    if (shown || typeof Notification === 'undefined') return;
    if (Notification.permission !== 'granted') return;
    new Notification('Translation ready', {
      body: `${info.translatedName} is ready (${info.srclang} → ${info.trglang}).`,
      tag: `translation-${info.id}`,
    });
  } catch {
    // A notification is a courtesy; the list shows the status anyway.
  }
}
