import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

/** What the template says about one AWS::Lambda::Function, resolved for the rehearsal. */
export interface FunctionSpec {
  /** `<stack path>/<logical id>`: how reports name it. */
  id: string;
  logicalId: string;
  name: string;
  arn: string;
  codeDir: string;
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment: Record<string, string>;
  roleArn: string;
  /** The source file the stack built it from (its `design-club:handler` tag), for the audit against infra/routes.ts. */
  handlerPath?: string;
}

export type InvokeOutcome =
  | { ok: true; result: unknown; ms: number }
  | { ok: false; errorType: string; errorMessage: string; ms: number };

interface Pending {
  resolve: (outcome: InvokeOutcome) => void;
  timer: NodeJS.Timeout;
  started: number;
}

const RUNNER = join(import.meta.dirname, 'lambda-runner.mjs');

/**
 * This machine runs everything at once on two shared cores, a few times slower than a Lambda
 * container: a function's Timeout is enforced scaled by this factor (REHEARSAL_TIMEOUT_SCALE, default
 * 4), and an invocation past the unscaled Timeout is counted as slow in the report, not failed.
 */
export const TIMEOUT_SCALE = Number(process.env.REHEARSAL_TIMEOUT_SCALE ?? 4);

/**
 * One function's container: a long-lived Node process (the Lambda runtime's version) started on first
 * use, fed one invocation at a time as Lambda does. A timeout kills the container, as Lambda does, and
 * the next invocation starts a fresh one (a cold start).
 */
export class LambdaContainer {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly pending = new Map<string, Pending>();
  coldStarts = 0;
  invocations = 0;
  /** Invocations that took longer than the template's Timeout (within the scaled one). */
  slow = 0;

  constructor(
    readonly spec: FunctionSpec,
    private readonly nodeBinary: string,
    private readonly baseEnv: Record<string, string>,
    private readonly onLog: (line: string) => void,
  ) {}

  /** Starts the container (loads the handler) and reports an init failure as Lambda would. */
  start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      this.coldStarts += 1;
      const memory = Math.max(64, Math.floor(this.spec.memoryMb * 0.85));
      const child = fork(RUNNER, [], {
        execPath: this.nodeBinary,
        execArgv: [`--max-old-space-size=${memory}`],
        cwd: this.spec.codeDir,
        env: {
          ...this.baseEnv,
          ...this.spec.environment,
          LAMBDA_TASK_ROOT: this.spec.codeDir,
          _HANDLER: this.spec.handler,
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      this.child = child;
      const relay = (data: Buffer) => {
        for (const line of data.toString().split('\n').filter(Boolean)) this.onLog(line);
      };
      child.stdout!.on('data', relay);
      child.stderr!.on('data', relay);
      child.on('message', (message: any) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'init-error') reject(new Error(message.error));
        else
          this.settle(
            message.id,
            message.kind === 'result' ? { ok: true, result: message.result } : { ok: false, ...message.error },
          );
      });
      child.on('exit', (code, signal) => {
        reject(new Error(`Runtime.ExitError: the container exited (${signal ?? code}) before it was ready`));
        for (const id of [...this.pending.keys()])
          this.settle(id, { ok: false, errorType: 'Runtime.ExitError', errorMessage: `exited (${signal ?? code})` });
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
      });
    });
    return this.ready;
  }

  /** One invocation through the Lambda contract; one at a time per container, as Lambda runs them. */
  invoke(event: unknown): Promise<InvokeOutcome> {
    const run = this.queue.then(() => this.invokeNow(event));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async invokeNow(event: unknown): Promise<InvokeOutcome> {
    const started = Date.now();
    try {
      await this.start();
    } catch (error) {
      this.ready = undefined;
      return {
        ok: false,
        errorType: 'Runtime.InitError',
        errorMessage: String((error as Error).message),
        ms: Date.now() - started,
      };
    }
    this.invocations += 1;
    const id = randomUUID();
    const limitMs = this.spec.timeoutSeconds * 1000 * TIMEOUT_SCALE;
    const deadline = Date.now() + limitMs;
    return new Promise<InvokeOutcome>((resolve) => {
      const timer = setTimeout(() => {
        const seconds = this.spec.timeoutSeconds.toFixed(2);
        this.settle(id, {
          ok: false,
          errorType: 'Sandbox.Timedout',
          errorMessage: `Task timed out after ${seconds} seconds (× ${TIMEOUT_SCALE} here)`,
        });
        // Lambda ends a timed-out container: the next invocation starts afresh.
        this.child?.kill('SIGKILL');
      }, limitMs);
      this.pending.set(id, { resolve, timer, started });
      this.child!.send({ kind: 'invoke', id, event, deadline, requestId: id, invokedFunctionArn: this.spec.arn });
    });
  }

  private settle(
    id: string,
    outcome: { ok: true; result: unknown } | { ok: false; errorType: string; errorMessage: string },
  ) {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    const ms = Date.now() - pending.started;
    if (ms > this.spec.timeoutSeconds * 1000) this.slow += 1;
    pending.resolve({ ...outcome, ms } as InvokeOutcome);
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.ready = undefined;
  }
}
