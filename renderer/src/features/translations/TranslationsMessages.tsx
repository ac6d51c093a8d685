import { useState } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { isDesktopHost } from '../../bridge';
import { canAskNotificationPermission } from './notify';
import { useTranslationsStore } from './translations-store';

/** The last refusal (until dismissed), the last news, and in a browser the offer to notify. */
export function TranslationsMessages() {
  const alert = useTranslationsStore((state) => state.alert);
  const notice = useTranslationsStore((state) => state.notice);
  const { showAlert, showNotice } = useTranslationsStore.getState();
  // The browser asks only after a click; the desktop app notifies without asking.
  const [canAsk, setCanAsk] = useState(() => !isDesktopHost() && canAskNotificationPermission());
  return (
    <>
      {alert ? (
        <ErrorMessage error={alert.error} title={alert.title} testId="translations-alert">
          <button type="button" className="button button-small" onClick={() => showAlert(null)}>
            Dismiss
          </button>
        </ErrorMessage>
      ) : null}
      {canAsk ? (
        <div className="notice translation-notify-offer">
          <p>Get a notification when a translation is ready, even while this tab is hidden.</p>
          <button
            type="button"
            className="button button-small"
            onClick={() => void Notification.requestPermission().finally(() => setCanAsk(false))}
            data-testid="translations-enable-notifications"
          >
            Turn on notifications
          </button>
        </div>
      ) : null}
      <div className="translations-status" role="status" data-testid="translations-notice">
        {notice ? (
          <div className="notice notice-success translation-notice">
            <p>{notice}</p>
            <button type="button" className="button button-small" onClick={() => showNotice(null)}>
              Dismiss
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
