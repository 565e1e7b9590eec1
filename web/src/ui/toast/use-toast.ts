import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, toast, type Toast } from './toast-store.js';

export { toast, dismissToast };
export type { Toast } from './toast-store.js';

/** The visible toasts plus the functions to show and dismiss them. */
export function useToast(): { toasts: readonly Toast[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return { toasts, toast, dismiss: dismissToast };
}
