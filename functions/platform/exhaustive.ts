/**
 * The default branch of a switch that interprets every event of a union: `default: return noCase(e, null)`.
 * The compiler refuses the call while a type of the union has no case of its own (`e` is not yet `never`), so a
 * new event names every place that must decide what it means. At run time an event outside the union (another
 * stream's, on a shared path) passes through with `fallback`.
 */
export function noCase<T>(_unhandled: never, fallback: T): T {
  return fallback;
}
