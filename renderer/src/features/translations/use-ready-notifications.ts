import { useEffect, useRef, useState } from 'react';
import type { TranslationInfo, TranslationStatus } from '../../../../shared/api/file-translation';
import { notifyReady } from './notify';
import { newlyReady } from './translation-format';
import { useTranslationsStore } from './translations-store';

/**
 * Notifies once per translation that becomes ready after the hook first ran: those started since
 * and already ready when a list first arrives (a fast file) included, those ready before stay
 * quiet. The Translations view says it as well, for those without notifications.
 */
export function useReadyNotifications(translations: readonly TranslationInfo[] | undefined) {
  const seen = useRef(new Map<number, TranslationStatus>());
  const [since] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    if (!translations) return;
    const ready = newlyReady(seen.current, translations, since);
    for (const info of ready) void notifyReady(info);
    if (ready.length > 0) {
      const names = ready.map((info) => info.translatedName).join(', ');
      useTranslationsStore.getState().showNotice(`Ready to download: ${names}.`);
    }
    for (const info of translations) seen.current.set(info.id, info.status);
  }, [translations, since]);
}
