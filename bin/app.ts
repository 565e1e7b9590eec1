#!/usr/bin/env node
/**
 * The CDK app (cdk.json runs it with tsx). Everything is in infra/stack/; see docs/deploy.md.
 */
import { createApp } from '../infra/stack/app.js';
import { ConfigError } from '../infra/stack/config.js';

try {
  const { app } = createApp();
  app.synth();
} catch (error) {
  // A setting to fix, not a bug: the message alone says which and how.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
