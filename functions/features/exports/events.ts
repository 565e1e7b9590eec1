import * as z from '../../../events/zod.js';
import { plain } from '../../../events/personal.js';
import { defineEvent, type EventDefinition, type EventOf } from '../../../events/catalogue.js';

/**
 * Stream `export-<sub>`: the person's requests for a copy of their data ('Download My Data') and
 * what became of each. The archive itself is an object in the uploads bucket; the events say only
 * where it is, how large, and until when it may be downloaded, so they hold no personal data.
 */

const exportId = () => plain(z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/)), 'An id the system generated');

/** The person asked for a copy of their data: the archive is prepared in the background. */
export const DataExportRequested = /* @__PURE__ */ defineEvent('DataExportRequested', () =>
  z.object({ export_id: exportId() }),
);

/** The archive is stored and may be downloaded by the person until `expires_at`. */
export const DataExportReady = /* @__PURE__ */ defineEvent('DataExportReady', () =>
  z.object({
    export_id: exportId(),
    object_key: plain(z.string().check(z.minLength(1), z.maxLength(300)), "The archive's key: account and export ids"),
    bytes: z.number().check(z.int(), z.gte(0)),
    entries: z.number().check(z.int(), z.gte(0)),
    expires_at: z.iso.datetime(),
  }),
);

/** The archive could not be made (too large, or an error): the person is told why, in the system's words. */
export const DataExportFailed = /* @__PURE__ */ defineEvent('DataExportFailed', () =>
  z.object({
    export_id: exportId(),
    reason: plain(z.string().check(z.minLength(1), z.maxLength(300)), "The system's own explanation, no user text"),
  }),
);

export type ExportEvent = EventOf<typeof DataExportRequested | typeof DataExportReady | typeof DataExportFailed>;

export const exportEvents: EventDefinition[] = [DataExportRequested, DataExportReady, DataExportFailed];
