import type { IncomingMessage, ServerResponse } from 'node:http';

export type LambdaFunction = (event: any) => Promise<any>;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * Serves the Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`) for in-process
 * functions, for a cognito-local started with a `lambdaEndpoint` (the embedded runtime passes its
 * functions instead, so nothing listens for invocations there: anyone could run a trigger). Answers like Lambda: 200
 * with the function's JSON result, or 200 with `X-Amz-Function-Error: Unhandled` and the error payload when the
 * function throws. Resolves false, without touching the response, for any other request.
 */
export function createLambdaInvokeHandler(
  functions: Record<string, LambdaFunction>,
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  return async (req, res) => {
    const match = INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (req.method !== 'POST' || !match) return false;

    // The name may be an ARN or carry a qualifier (name:alias); the function name is what we key on.
    const name = functionNameOf(decodeURIComponent(match[1]!));
    const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!fn) {
      send(
        res,
        404,
        { Type: 'User', Message: `Function not found: ${name}` },
        {
          'x-amzn-errortype': 'ResourceNotFoundException',
        },
      );
      return true;
    }

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      const result = await fn(text ? JSON.parse(text) : {});
      send(res, 200, result ?? null);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      send(
        res,
        200,
        { errorType: error.name, errorMessage: error.message, trace: error.stack?.split('\n') ?? [] },
        { 'x-amz-function-error': 'Unhandled' },
      );
    }
    return true;
  };
}

/** `name`, `name:qualifier` or `arn:aws:lambda:region:account:function:name[:qualifier]` -> `name`. */
function functionNameOf(identifier: string): string {
  const parts = identifier.split(':');
  if (parts[0] === 'arn') return parts[6] ?? identifier;
  return parts[0]!;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}
