import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Says so when the browser is offline: what the screens show may be out of date and changes will
 * not reach Design Club until the connection is back (rather than a tab that silently degrades).
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className="offline-banner" role="alert">
      You're offline. What you see may be out of date, and changes will not be saved until you're back online.
    </div>
  );
}
