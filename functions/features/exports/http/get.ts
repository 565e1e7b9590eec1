import { loadState } from '../../../platform/event-store/load-state.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { exportEvolution, exportStream } from '../state.js';
import { exportsResponse } from '../present.js';

/** GET /api/me/data-export: the caller's latest export and when they may ask again (their own stream only). */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = eventReading();
  const { state } = await loadState(exportEvolution, exportStream(principal.sub), runtime);
  return { body: exportsResponse(state, runtime.now().toISOString()) };
});
