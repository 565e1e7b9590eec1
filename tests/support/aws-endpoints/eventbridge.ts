import { awsJsonAnswer } from './aws-json.js';
import type { Answer } from './server.js';

/** Amazon EventBridge's PutEvents (awsJson1_1, target `AWSEvents.PutEvents`), from its API reference. */
export const PUT_EVENTS = 'AWSEvents.PutEvents';

export const putEventsAnswer = (
  entries: ({ EventId: string } | { ErrorCode: string; ErrorMessage: string })[],
): Answer =>
  awsJsonAnswer('1.1', { FailedEntryCount: entries.filter((entry) => 'ErrorCode' in entry).length, Entries: entries });
