/** Small statistics the insights share. Pure; every figure is rounded to two decimals. */

export const DAY_MS = 86_400_000;

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Calendar days between two instants, fractional. */
export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** The median (the mean of the two middle values of an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return round2(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The p-th percentile by nearest rank (the smallest value with at least p% of values at or below it). */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return round2(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : round2(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** A share from 0 to 1; null when nothing was counted. */
export const share = (part: number, whole: number) => (whole === 0 ? null : round2(part / whole));

/**
 * Business days (Monday to Friday, UTC) from one instant's date to another's: submitted on Monday and
 * delivered on Wednesday is 2, on Friday and the next Monday is 1, on the same day 0. The estimate
 * ("N to N+2 business days") counts the same way.
 */
export function businessDaysBetween(from: string, to: string): number {
  const start = Date.UTC(...ymd(from));
  const end = Date.UTC(...ymd(to));
  if (end <= start) return 0;
  const whole = Math.floor((end - start) / DAY_MS);
  let count = Math.floor(whole / 7) * 5;
  const startDay = new Date(start).getUTCDay();
  for (let i = 1; i <= whole % 7; i += 1) {
    const day = (startDay + i) % 7;
    if (day !== 0 && day !== 6) count += 1;
  }
  return count;
}

function ymd(instant: string): [number, number, number] {
  const date = new Date(instant);
  return [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
}

/** The Monday (UTC) of an instant's ISO week, as YYYY-MM-DD. */
export function weekOf(instant: string): string {
  const date = new Date(instant);
  const monday =
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(monday).toISOString().slice(0, 10);
}

/** Every week (its Monday) from the one holding `from` to the one holding `to`. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = Date.parse(weekOf(from)); week <= Date.parse(to); week += 7 * DAY_MS)
    weeks.push(new Date(week).toISOString().slice(0, 10));
  return weeks;
}
