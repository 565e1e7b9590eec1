import { sharedDynamoClient } from '../aws/dynamodb.js';
import { now, perProcess, required, type Runtime } from '../runtime.js';
import { ViewReader } from './view-reader.js';

const readerOfProcess = /* @__PURE__ */ perProcess(
  ({ views, client }) => views ?? new ViewReader(client ?? sharedDynamoClient(), required('VIEWS_TABLE')),
);
const readingOfProcess = /* @__PURE__ */ perProcess((): Runtime => ({ views: readerOfProcess(), now }));

/** The process's views, for reading (the installed ViewStore in the embedded runtime). */
export const viewReader = (): ViewReader => readerOfProcess();

/** The views and the clock: what a handler that only reads views needs. */
export const reading = (): Runtime => readingOfProcess();
