import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeHash } from '#events/hash-chain.js';
import { startKms, type LocalKms } from '../../infra/local/kms.js';
import { ensureTable, startDynamo, type EmbeddedDynamo } from '../../infra/local/dynamo.js';
import { keysTable } from '#shared/tables.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { ProjectSubmitted } from '../../functions/features/projects/events.js';
import { TeamMemberJoined } from '../../functions/features/teams/events.js';
import { DataKeys, SubjectErasedError } from '../../functions/platform/privacy/data-keys.js';
import { PersonalDataCodec } from '../../functions/platform/privacy/codec.js';

/**
 * Crypto-shredding end to end through the real SDK clients: KMS (the embedded stand-in, spoken to by
 * @aws-sdk/client-kms) and DynamoDB (dynalite) for the keys table.
 */
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
let kms: LocalKms;
let dynamo: EmbeddedDynamo;
let kmsClient: KMSClient;
let keys: DataKeys;
let codec: PersonalDataCodec;

const submitted = {
  type: 'ProjectSubmitted',
  data: projectSubmittedData(),
};

function projectSubmittedData(): Record<string, unknown> {
  return ProjectSubmitted.create({
    project_id: 'P1',
    user_id: 'client-1',
    team_id: null,
    title: 'Avery Stone kitchen',
    project_category: 'Design',
    project_type: 'Concept Design',
    property_type: 'single_family',
    description: 'Open the wall between kitchen and dining room at 12 Elm Street.',
    design_priority: [],
    area_sqft: 900,
    existing_plans: false,
    permit_needs: null,
    deliverables: ['Layout Plan'],
    room_selection: [],
    room_notes: 'Avery works from home',
    inspiration_links: ['https://example.com/avery'],
    project_address: '12 Elm Street, Springfield',
    specifications: { budget: 'Avery can spend 40k' },
    checklist: [{ checklist_id: 'c1', task_name: 'Measure Avery kitchen', estimated_hours: 2, order_index: 0 }],
    total_estimated_hours: 2,
    estimated_turnaround_days: 5,
    checklist_origin: 'manual',
  }).data;
}

beforeAll(async () => {
  kms = await startKms();
  dynamo = await startDynamo({});
  await ensureTable(new DynamoDBClient({ endpoint: dynamo.endpoint, ...local }), 'keys', keysTable);
  kmsClient = new KMSClient({ endpoint: kms.endpoint, ...local });
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.endpoint, ...local }));
  keys = new DataKeys(kmsClient, kms.keyId, documents, 'keys');
  codec = new PersonalDataCodec(catalogue, keys);
});

afterAll(async () => {
  kmsClient?.destroy();
  await kms?.close();
  await dynamo?.stop();
});

describe('the KMS stand-in, through @aws-sdk/client-kms', () => {
  it('binds a data key to its encryption context, as KMS does', async () => {
    const generated = await kmsClient.send(
      new GenerateDataKeyCommand({ KeyId: kms.keyId, KeySpec: 'AES_256', EncryptionContext: { subject: 'a' } }),
    );
    expect(generated.Plaintext).toHaveLength(32);
    const opened = await kmsClient.send(
      new DecryptCommand({ CiphertextBlob: generated.CiphertextBlob, EncryptionContext: { subject: 'a' } }),
    );
    expect(Buffer.from(opened.Plaintext!).equals(Buffer.from(generated.Plaintext!))).toBe(true);
    await expect(
      kmsClient.send(
        new DecryptCommand({ CiphertextBlob: generated.CiphertextBlob, EncryptionContext: { subject: 'b' } }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
  });

  it('refuses a key it does not hold', async () => {
    await expect(
      kmsClient.send(new GenerateDataKeyCommand({ KeyId: 'not-a-key', KeySpec: 'AES_256' })),
    ).rejects.toMatchObject({
      name: 'NotFoundException',
    });
  });
});

describe('sealing personal fields', () => {
  it('stores no personal text in clear, and opens to what was written', async () => {
    const [sealed] = await codec.seal('project-P1', [submitted]);
    const stored = JSON.stringify(sealed);
    for (const secret of ['Avery', 'Elm Street', 'Open the wall']) expect(stored).not.toContain(secret);
    expect(sealed!.data.project_category).toBe('Design');
    const [opened] = await codec.open([{ ...sealed!, schemaVersion: catalogue.currentVersion('ProjectSubmitted') }]);
    expect(opened!.data).toEqual(submitted.data);
  });

  it("seals a member's address under the member's own key", async () => {
    const joined = TeamMemberJoined.create({
      user_id: 'member-1',
      email: 'dana@example.com',
      role: 'designer',
      invite_id: 'i1',
    });
    const [sealed] = await codec.seal('team-T1', [joined]);
    expect(String(sealed!.data.email)).toMatch(/^pd1\.user-member-1\./);
  });

  it('reads a destroyed key as erased values the schema accepts, and the hash chain still verifies', async () => {
    const [sealed] = await codec.seal('project-P2', [submitted]);
    const envelope = {
      streamId: 'project-P2',
      version: 1,
      type: 'ProjectSubmitted',
      // The version the data was made with: ProjectSubmitted.create writes the current schema.
      schemaVersion: catalogue.currentVersion('ProjectSubmitted'),
      eventId: '01J00000000000000000000000',
      at: '2026-11-28T00:00:00.000Z',
      actor: { sub: 'client-1', role: 'client' as const },
      correlationId: 'c',
      causationId: null,
      data: sealed!.data as Record<string, unknown>,
      prevHash: '0'.repeat(64),
    };
    const hash = computeHash(envelope);
    await keys.destroy('project-P2');
    const [opened] = await codec.open([{ ...envelope, hash }]);
    expect(opened!.data.title).toBe('Erased project');
    expect(opened!.data.project_address).toBeNull();
    expect(opened!.data.checklist).toEqual([expect.objectContaining({ task_name: '[erased]', estimated_hours: 2 })]);
    expect(() => catalogue.upcast(opened!)).not.toThrow();
    expect(computeHash(envelope)).toBe(hash);
  });

  it('never makes a new key for an erased subject', async () => {
    await keys.destroy('project-P3');
    await expect(codec.seal('project-P3', [submitted])).rejects.toBeInstanceOf(SubjectErasedError);
  });
});
