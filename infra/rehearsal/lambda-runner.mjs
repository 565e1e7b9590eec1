// One function's container, run on the Lambda runtime's Node: it loads the handler from the asset
// folder as Lambda's Node runtime does (LAMBDA_TASK_ROOT + Handler "file.export"), then serves one
// invocation at a time over IPC with the Lambda contract's event and context.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.LAMBDA_TASK_ROOT;
const handlerSetting = process.env._HANDLER;

async function load() {
  const dot = handlerSetting.lastIndexOf('.');
  if (dot <= 0) throw new Error(`Runtime.MalformedHandlerName: Bad handler ${handlerSetting}`);
  const [file, name] = [handlerSetting.slice(0, dot), handlerSetting.slice(dot + 1)];
  const candidate = ['.mjs', '.cjs', '.js']
    .map((extension) => join(root, file + extension))
    .find((path) => existsSync(path));
  if (!candidate) throw new Error(`Runtime.ImportModuleError: Error: Cannot find module '${file}'`);
  const module = await import(pathToFileURL(candidate).href);
  const handler = module[name] ?? module.default?.[name];
  if (typeof handler !== 'function')
    throw new Error(`Runtime.HandlerNotFound: ${file}.${name} is undefined or not exported`);
  return handler;
}

let handler;
try {
  handler = await load();
  process.send({ kind: 'ready' });
} catch (error) {
  process.send({ kind: 'init-error', error: String(error?.message ?? error) });
  process.exit(1);
}

process.on('message', async (message) => {
  if (message.kind !== 'invoke') return;
  const { id, event, deadline, requestId } = message;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    functionVersion: process.env.AWS_LAMBDA_FUNCTION_VERSION,
    invokedFunctionArn: message.invokedFunctionArn,
    memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    awsRequestId: requestId,
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
    logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done() {},
    succeed() {},
    fail() {},
  };
  try {
    const result = await new Promise((resolve, reject) => {
      const returned = handler(event, context, (error, value) => (error ? reject(error) : resolve(value)));
      if (returned && typeof returned.then === 'function') returned.then(resolve, reject);
    });
    process.send({ kind: 'result', id, result: result === undefined ? null : result });
  } catch (error) {
    process.send({
      kind: 'error',
      id,
      error: { errorType: error?.name ?? 'Error', errorMessage: String(error?.message ?? error) },
    });
  }
});
