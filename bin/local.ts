import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { AlreadyRunningError, REPO_ROOT, assertNotRunning, publicUrlOf, startLocal } from '../infra/local/runtime.js';

// The embedded stack runs on this machine's Node 20; Lambda runs Node 22, so the SDK's notice does not apply.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
/** `npm start`: the whole product on this machine, data kept under .data/. */
const port = Number(process.env.PORT ?? 3000);
/** Loopback unless asked: `HOST=0.0.0.0 npm start` opens the public port to the network. */
const host = process.env.HOST || '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
/**
 * With the port opened, the address others use for it (links in e-mails, upload forms):
 * `PUBLIC_URL=http://192.168.1.20:3000`.
 */
const publicUrl = process.env.PUBLIC_URL || undefined;
try {
  publicUrlOf(publicUrl, port);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const started = Date.now();

try {
  // Checked before building: a second start must not rebuild the SPA under the running one.
  await assertNotRunning(dataDir);
  if (!process.env.SKIP_WEB_BUILD) {
    console.log('Building the web app…');
    const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // API Gateway's throttling, as deployed; LOCAL_API_THROTTLE=off turns it off (a load test, a script).
  const local = await startLocal({
    port,
    host,
    dataDir,
    publicUrl,
    apiThrottle: process.env.LOCAL_API_THROTTLE !== 'off',
  });
  const { admin, designer } = local.seeded;
  console.log(
    [
      '',
      `  Design Club is running at ${local.url}   (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      '',
      `  Admin     ${admin.email}   password ${admin.password}`,
      `  Designer  ${designer.email}   password ${designer.password}`,
      '  Clients sign up at /auth.',
      '',
      `  Data is kept in ${dataDir}. Press Ctrl+C to stop.`,
      '',
    ].join('\n'),
  );
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    console.warn(
      [
        `  WARNING: listening on ${host}:${new URL(local.url).port}: anyone who can reach this machine can use this ` +
          `app`,
        '  (sign up, sign in with the seeded accounts above, upload). The outbox then asks for the secret in',
        `  ${dataDir}/secrets.json (header x-local-secret). Leave HOST unset to keep it on this machine.`,
        ...(publicUrl
          ? []
          : [
              '  Links in e-mails and upload forms name localhost: set PUBLIC_URL=http://<this machine>:<port> for ' +
                'other machines.',
            ]),
        '',
      ].join('\n'),
    );
  }
  // Last resort, not the fix: every connection handles its own errors; if anything still escapes,
  // say what it was and keep serving everyone else.
  process.on('uncaughtException', (error) =>
    console.error('[local] uncaught exception (the server keeps running):', error),
  );
  process.on('unhandledRejection', (reason) =>
    console.error('[local] unhandled rejection (the server keeps running):', reason),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await local.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof AlreadyRunningError) {
    console.log(
      `Design Club is already running at ${error.url} (pid ${error.pid}). Open that address, or stop it first.`,
    );
    process.exit(0);
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${port} is in use by another program. Start on another port with PORT=3100 npm start.`);
    process.exit(1);
  }
  throw error;
}
