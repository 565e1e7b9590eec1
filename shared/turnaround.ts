/**
 * The product's turnaround rule: days = total hours / 2.5, rounded up, shown as N to N+2 days. The
 * estimator, the project's decider and the insights all count with it, so it is shared, not a feature's.
 */
export const HOURS_PER_TURNAROUND_DAY = 2.5;

export function turnaroundDays(totalHours: number): number {
  return Math.ceil(Math.round(totalHours * 100) / 100 / HOURS_PER_TURNAROUND_DAY);
}

export function totalHours(tasks: readonly { estimated_hours: number }[]): number {
  return Math.round(tasks.reduce((sum, task) => sum + task.estimated_hours, 0) * 100) / 100;
}
