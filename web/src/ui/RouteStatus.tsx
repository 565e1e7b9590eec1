/** Shown while a screen's code or the session is loading. Plain markup: it is part of the entry. */
export function RouteLoading() {
  return (
    <div className="route-status" aria-busy="true">
      <span className="route-status__spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}

/** Shown when the runtime configuration or a screen's code could not be loaded. */
export function ServiceUnavailable({ detail }: { detail?: string }) {
  return (
    <div className="route-status" role="alert">
      <h1 className="route-status__title">We can’t reach Design Club right now</h1>
      <p>{detail ?? 'Please check your connection and reload the page.'}</p>
      <button type="button" className="route-status__button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
