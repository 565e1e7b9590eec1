/**
 * Runs `work` in a task of its own, after the current one. Start-up work that the first screen does
 * not wait for goes this way: on a phone, a task over 50 ms holds back whatever the visitor does
 * meanwhile, and the entry's evaluation with every start-up fetch behind it made one such task.
 */
export function inOwnTask(work: () => void): void {
  setTimeout(work, 0);
}
