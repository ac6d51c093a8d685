import { useEffect, useRef } from 'react';
import type { TranslationInfo, TranslationStatus } from '../../../../shared/api/file-translation';
import { notifyReady } from './notify';
import { newlyReady } from './translation-format';
import { useTranslationsStore } from './translations-store';

/**
 * Notifies once per translation that becomes ready while the list is open; those already ready
 * when it loaded stay quiet. The page says it as well, for those without notifications.
 */
export function useReadyNotifications(translations: readonly TranslationInfo[] | undefined) {
  const seen = useRef<Map<number, TranslationStatus> | null>(null);
  const loadedAt = useRef(0);
  useEffect(() => {
    if (!translations) return;
    if (seen.current === null) {
      seen.current = new Map();
      loadedAt.current = Math.floor(Date.now() / 1000);
    } else {
      const ready = newlyReady(seen.current, translations, loadedAt.current);
      for (const info of ready) void notifyReady(info);
      if (ready.length > 0) {
        const names = ready.map((info) => info.translatedName).join(', ');
        useTranslationsStore.getState().showNotice(`Ready to download: ${names}.`);
      }
    }
    for (const info of translations) seen.current.set(info.id, info.status);
  }, [translations]);
}
