import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the AWS calls a change makes (DynamoDB, EventBridge, API Gateway management), by step: the
 * command's reads, its commit, the outbox, each projection, the announcement. A middleware on each
 * SDK client (`countCallsOf`) reports every call to the tallies listening; the step is whatever
 * `inStep` set around the code that made it. Nothing listens in production: then `inStep` runs its
 * work as is and the middleware only checks a count (bench/calls-per-change.ts and its test listen).
 */

export type CallKind = 'read' | 'write' | 'bus' | 'post';

/** One tally: calls per step, and per step and kind (`projection projects` → read 1, write 2). */
export interface CallTally {
  readonly calls: Map<string, number>;
  readonly kinds: Map<string, Map<CallKind, number>>;
  readonly operations: string[];
  stop(): void;
}

const steps = new AsyncLocalStorage<string>();
const listening = new Set<CallTally>();

/** The step calls are made in when no one named one: a request's own reads, the HTTP chain's. */
export const UNNAMED_STEP = 'request';

/** Calls made once per interval whatever the traffic (a cached pointer's refresh): no change's own. */
export const PERIODIC_STEP = 'periodic';

/** Runs `work` with its AWS calls counted under `step` (only while a tally listens: free otherwise). */
export function inStep<T>(step: string, work: () => T): T {
  return listening.size === 0 ? work() : steps.run(step, work);
}

/** Runs `work` outside any step (a delivery the in-process bus starts inside the commit's publish). */
export function outsideSteps<T>(work: () => T): T {
  return listening.size === 0 ? work() : steps.exit(work);
}

const READS = /^(Get|BatchGet|Query|Scan|TransactGet|Describe)/;

function kindOf(service: string, operation: string): CallKind {
  if (service === 'EventBridge') return 'bus';
  if (service === 'ApiGatewayManagementApi') return 'post';
  return READS.test(operation) ? 'read' : 'write';
}

/** Reports one call (the in-process stand-ins for EventBridge and API Gateway report theirs here too). */
export function recordCall(service: string, operation: string): void {
  if (listening.size === 0) return;
  const step = steps.getStore() ?? UNNAMED_STEP;
  const kind = kindOf(service, operation);
  for (const tally of listening) {
    tally.calls.set(step, (tally.calls.get(step) ?? 0) + 1);
    const kinds = tally.kinds.get(step) ?? new Map<CallKind, number>();
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    tally.kinds.set(step, kinds);
    tally.operations.push(`${step}: ${service}.${operation}`);
  }
}

/** Starts counting every call from now on until `stop()`. */
export function countCalls(): CallTally {
  const tally: CallTally = {
    calls: new Map(),
    kinds: new Map(),
    operations: [],
    stop: () => void listening.delete(tally),
  };
  listening.add(tally);
  return tally;
}

interface MiddlewareClient {
  middlewareStack: {
    add(
      middleware: (
        next: (args: any) => Promise<any>,
        context: { clientName?: string; commandName?: string },
      ) => (args: any) => Promise<any>,
      options: { step: 'initialize'; name: string; override?: boolean },
    ): void;
  };
}

const SERVICES: Record<string, string> = {
  DynamoDBClient: 'DynamoDB',
  EventBridgeClient: 'EventBridge',
  ApiGatewayManagementApiClient: 'ApiGatewayManagementApi',
};

/** Adds the counting middleware to an SDK v3 client (its middleware stack, as the SDK intends). */
export function countCallsOf<C extends MiddlewareClient>(client: C): C {
  client.middlewareStack.add(
    (next, context) => (args) => {
      if (listening.size > 0) {
        const name = context.clientName ?? 'unknown';
        recordCall(
          SERVICES[name] ?? name.replace(/Client$/, ''),
          (context.commandName ?? 'unknown').replace(/Command$/, ''),
        );
      }
      return next(args);
    },
    { step: 'initialize', name: 'callCounter', override: true },
  );
  return client;
}
