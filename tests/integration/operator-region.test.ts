import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { EventBridgeBus } from '../../functions/platform/aws/event-bridge.js';

const NAMES = [
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_PROFILE',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'DYNAMODB_ENDPOINT',
];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** An operator's shell that names region and keys only in an AWS profile (`aws configure`). */
function profileShell() {
  const dir = mkdtempSync(join(tmpdir(), 'aws-config-'));
  writeFileSync(join(dir, 'config'), '[default]\nregion = eu-west-3\n[profile ops]\nregion = ap-south-1\n');
  writeFileSync(join(dir, 'credentials'), '[ops]\naws_access_key_id = AKIDOPS\naws_secret_access_key = secret-ops\n');
  for (const name of NAMES) delete process.env[name];
  process.env.AWS_CONFIG_FILE = join(dir, 'config');
  process.env.AWS_SHARED_CREDENTIALS_FILE = join(dir, 'credentials');
  process.env.AWS_PROFILE = 'ops';
}

describe('command line tools against AWS (npm run replay, admin:add): the SDK default chain', () => {
  it("take the profile's region and keys when the shell sets none", async () => {
    profileShell();
    const client = dynamoClient();
    expect(await client.config.region()).toBe('ap-south-1');
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'AKIDOPS', secretAccessKey: 'secret-ops' });
    client.destroy();
    const bus = new EventBridgeBus('bus');
    expect(
      await (bus as unknown as { client: { config: { region: () => Promise<string> } } }).client.config.region(),
    ).toBe('ap-south-1');
  });

  it('keep a region the shell sets', async () => {
    profileShell();
    process.env.AWS_REGION = 'eu-north-1';
    expect(await dynamoClient().config.region()).toBe('eu-north-1');
  });
});
