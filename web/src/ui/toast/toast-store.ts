/**
 * A small toast store with no dependencies, usable from components (useToast) and from plain code
 * (toast). The spec's notices are shown as a title plus an optional description.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it goes away by itself; default 5000 (8000 for destructive). */
  duration?: number;
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

const MAX_VISIBLE = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function schedule(item: Toast): void {
  clearTimeout(timers.get(item.id));
  timers.set(
    item.id,
    setTimeout(() => dismissToast(item.id), item.duration),
  );
}

/** Shows a toast and returns its id. An identical toast already on screen is kept, not repeated. */
export function toast(input: ToastInput): number {
  const variant = input.variant ?? 'default';
  const same = toasts.find(
    (t) => t.title === input.title && t.description === input.description && t.variant === variant,
  );
  if (same) {
    schedule(same);
    return same.id;
  }
  const item: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant,
    duration: input.duration ?? (variant === 'destructive' ? 8000 : 5000),
  };
  const next = [...toasts, item];
  for (const dropped of next.slice(0, Math.max(0, next.length - MAX_VISIBLE))) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  emit(next.slice(-MAX_VISIBLE));
  schedule(item);
  return item.id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

/** Keeps a toast on screen (while hovered or focused); `resumeToast` restarts its timer. */
export function holdToast(id: number): void {
  clearTimeout(timers.get(id));
}

export function resumeToast(id: number): void {
  const item = toasts.find((t) => t.id === id);
  if (item) schedule(item);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
