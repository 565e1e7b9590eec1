/**
 * How schemas are written here (issue 19: every Lambda bundle imports this catalogue):
 * - zod/mini through `./zod.js` (`import * as z from './zod.js'`; outside events/, the relative path
 *   to events/zod.js), never `zod`: its functional API tree-shakes (classic zod's methods do not:
 *   93 KB in every bundle) and zod.js sets the English messages the API answers with. Same core as
 *   classic, so parsing, types and issues are the same:
 *     z.string().min(1).max(200)      → z.string().check(z.minLength(1), z.maxLength(200))
 *     z.number().int().min(0)         → z.int().check(z.gte(0))
 *     x.nullable() / x.optional()     → z.nullable(x) / z.optional(x)
 *     x.default(v)                    → z._default(x, v)
 *     z.string().email() / .datetime() → z.email() / z.iso.datetime()
 *     x.refine(f, m) / .superRefine(f) → x.check(z.refine(f, m)) / x.check(z.superRefine(f))
 *     x.transform(f) / x.pipe(y)      → z.pipe(x, z.transform(f)) / z.pipe(x, y)
 *     z.preprocess(f, x)              → z.pipe(z.transform(f), x)
 *     z.object({...}).strict()        → z.strictObject({...}); a.extend(b) → z.extend(a, b)
 * - An event type's schema is a thunk, built on its first use rather than at import, so a handler
 *   pays only for the types it reads or writes: `defineEvent('X', () => z.object({ ... }))`.
 * - A schema kept at a module's top level (a shared field, a contract) is built in a call marked
 *   pure, `export const x = /* @__PURE__ *\/ (() => z.object({ ... }))();`, and so is an event type,
 *   `/* @__PURE__ *\/ defineEvent(...)`: `.check()` is a method call, which a bundler must otherwise
 *   keep (and run at import) in every bundle that imports the module, used or not.
 * - No Intl (toLocaleString) and no other costly work at a module's top level: every handler's cold
 *   start pays for it.
 */

/**
 * The one zod every schema of this repository is written with: `zod/mini`, zod 4's tree-shakable
 * functional API (same core as `zod`, so the same parsing, types and issues), which lets a Lambda
 * bundle carry only the schema kinds and checks it uses. zod/mini leaves the message locale out;
 * the API's error messages are the English ones classic zod uses by default, so they are set here.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());

export * from 'zod/mini';
