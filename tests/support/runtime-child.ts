/** A persistent embedded runtime in its own process, for tests that kill it: `tsx runtime-child.ts <dataDir>`. */
import { startLocal } from '../../infra/local/runtime.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const local = await startLocal({ port: 0, dataDir: process.argv[2], quiet: false, sweepEveryMs: 500 });
console.log(
  JSON.stringify({ ready: true, url: local.url, cognito: local.cognito.endpoint, clientId: local.cognito.clientId }),
);
