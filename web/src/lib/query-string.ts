/** `?a=1&b=2` from the given values, leaving out empty ones (trimmed); '' when none is left. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value?.trim()) params.set(key, value.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}
