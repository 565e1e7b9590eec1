import { httpHandler } from '../lib/http.js';

export const handler = httpHandler({}, async () => ({ body: { status: 'ok' } }));
