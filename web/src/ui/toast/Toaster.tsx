import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { subscribeDialogs, topDialog } from '../dialog-stack.js';
import { dismissToast, holdToast, resumeToast } from './toast-store.js';
import { useToast } from './use-toast.js';
import './toast.css';

/**
 * Renders the toasts; mounted once at the root of the app. While a modal dialog is open the toasts
 * render inside it, since everything outside a modal dialog is inert and beneath its backdrop.
 */
export function Toaster() {
  const { toasts } = useToast();
  const dialog = useSyncExternalStore(subscribeDialogs, topDialog, () => null);
  const list = (
    <section className={dialog ? 'toaster toaster--in-dialog' : 'toaster'} aria-label="Notifications">
      <ol className="toaster__list">
        {toasts.map((t) => (
          <li
            key={t.id}
            className={`toast toast--${t.variant}`}
            onMouseEnter={() => holdToast(t.id)}
            onMouseLeave={() => resumeToast(t.id)}
            onFocus={() => holdToast(t.id)}
            onBlur={() => resumeToast(t.id)}
          >
            {/* The live region sits inside the item: a list may hold only list items (axe 'list'). It
                carries the variant, as it is what assistive technology and tests find. */}
            <div
              className="toast__body"
              role="status"
              data-variant={t.variant}
              aria-live={t.variant === 'destructive' ? 'assertive' : 'polite'}
              aria-atomic="true"
            >
              <div className="toast__title">{t.title}</div>
              {t.description ? <div className="toast__description">{t.description}</div> : null}
            </div>
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => dismissToast(t.id)}
            >
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
  return dialog ? createPortal(list, dialog) : list;
}
