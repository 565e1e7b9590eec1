export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

export function printTable(title: string, rows: Record<string, unknown>[]) {
  console.log(`\n${title}`);
  console.table(rows);
}
