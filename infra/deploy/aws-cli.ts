/**
 * A read-only call through the AWS CLI v2 (which docs/deploy.md requires of the operator), for the
 * services whose SDK v3 client this repository does not install (ACM, SNS): the same credentials
 * and profile resolution as the SDK (AWS_PROFILE, AWS_REGION, SSO…), JSON out. When those clients
 * are added to package.json, each caller swaps this for `client.send(…)` and keeps its logic.
 */
import { execFile } from 'node:child_process';

export type CliAnswer =
  | { ok: true; json: unknown }
  | { ok: false; kind: 'no-cli' | 'denied' | 'not-found' | 'no-credentials' | 'failed'; message: string };

/** What the CLI's stderr says, as the SDK would name it. */
function classify(stderr: string): Exclude<CliAnswer, { ok: true }>['kind'] {
  if (/AccessDenied|not authorized|UnauthorizedOperation|AuthorizationError/i.test(stderr)) return 'denied';
  if (/ResourceNotFoundException|NotFound|does not exist/i.test(stderr)) return 'not-found';
  if (
    /Unable to locate credentials|could not be found|ExpiredToken|InvalidClientTokenId|Token has expired|UnrecognizedClient/i.test(
      stderr,
    )
  )
    return 'no-credentials';
  return 'failed';
}

/** `aws <args> --output json`, at most `timeoutMs` (an unreachable endpoint is "could not check", not a hang). */
export function awsCli(
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<CliAnswer> {
  return new Promise((resolve) => {
    execFile(
      process.env.AWS_CLI ?? 'aws',
      [...args, '--output', 'json', '--no-cli-pager'],
      { timeout: options.timeoutMs ?? 20_000, env: options.env ?? process.env, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          resolve({ ok: false, kind: 'no-cli', message: 'the AWS CLI v2 (`aws`) is not installed or not on PATH' });
          return;
        }
        if (error) {
          const message = (stderr || error.message).trim().split('\n').filter(Boolean).pop() ?? 'failed';
          resolve({
            ok: false,
            kind: error.killed ? 'failed' : classify(stderr),
            message: error.killed ? `no answer within ${(options.timeoutMs ?? 20_000) / 1000} s` : message,
          });
          return;
        }
        try {
          resolve({ ok: true, json: JSON.parse(stdout || '{}') });
        } catch {
          resolve({ ok: false, kind: 'failed', message: `not JSON: ${stdout.slice(0, 200)}` });
        }
      },
    );
  });
}
