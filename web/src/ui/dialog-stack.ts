/**
 * The modal dialogs open right now, topmost last. A modal <dialog> makes the rest of the page inert,
 * so whatever must stay usable above it (the toasts) renders inside the topmost one.
 */
const open: HTMLDialogElement[] = [];
const subscribers = new Set<() => void>();

export function pushDialog(dialog: HTMLDialogElement): void {
  if (!open.includes(dialog)) open.push(dialog);
  for (const notify of subscribers) notify();
}

export function removeDialog(dialog: HTMLDialogElement): void {
  const index = open.indexOf(dialog);
  if (index >= 0) open.splice(index, 1);
  for (const notify of subscribers) notify();
}

export const topDialog = (): HTMLDialogElement | null => open.at(-1) ?? null;

export function subscribeDialogs(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}
