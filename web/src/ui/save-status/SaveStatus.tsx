import { useCallback, useEffect, useRef, useState } from 'react';
import './save-status.css';

/** Where one auto-saved control stands: being saved, saved (for a few seconds), or refused. */
export type SaveState =
  | { phase: 'saving' }
  | { phase: 'saved'; detail?: string | undefined }
  | { phase: 'error'; message: string };

/** How long 'Saved' stays beside the control (it fades out over its last second). */
const SAVED_SHOWN_MS = 4_000;

/**
 * The save status of a screen's auto-saved controls, one per key (a task's id, a field's name). A
 * change that saves itself says so where it happened, instead of stacking a toast per tick.
 */
export function useSaveStatus() {
  const [states, setStates] = useState<Readonly<Record<string, SaveState>>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const set = useCallback((key: string, state: SaveState | null) => {
    const timer = timers.current.get(key);
    if (timer) clearTimeout(timer);
    timers.current.delete(key);
    setStates((current) => {
      if (state) return { ...current, [key]: state };
      const { [key]: _cleared, ...rest } = current;
      return rest;
    });
    if (state?.phase === 'saved')
      timers.current.set(
        key,
        setTimeout(() => set(key, null), SAVED_SHOWN_MS),
      );
  }, []);

  return {
    of: (key: string): SaveState | null => states[key] ?? null,
    saving: useCallback((key: string) => set(key, { phase: 'saving' }), [set]),
    saved: useCallback((key: string, detail?: string) => set(key, { phase: 'saved', detail }), [set]),
    failed: useCallback((key: string, message: string) => set(key, { phase: 'error', message }), [set]),
  };
}

/**
 * 'Saving…', then '✓ Saved' (with what was saved, in the product's words) fading after a few seconds,
 * or the error, in place beside the control. The live region is always there, so each change is read out.
 */
export function SaveStatus({
  state,
  id,
}: {
  state: SaveState | null;
  /** For the control's aria-describedby: focusing it then says where its last change stands. */
  id?: string;
}) {
  return (
    <span
      className={`save-status save-status--${state?.phase ?? 'idle'}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      id={id}
    >
      {state?.phase === 'saving' ? 'Saving…' : null}
      {state?.phase === 'saved' ? (
        <>
          <span aria-hidden="true">✓ </span>Saved
          {state.detail ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="save-status__detail">{state.detail}</span>
            </>
          ) : null}
        </>
      ) : null}
      {state?.phase === 'error' ? (
        <>
          <span aria-hidden="true">⚠ </span>
          <span className="save-status__error">{state.message}</span>
        </>
      ) : null}
    </span>
  );
}
