/**
 * A first deploy that fails can be retried: when the first create rolls back, CloudFormation deletes
 * everything it made (RetainExceptOnCreate included), and a deletion it cannot do ends the rollback
 * in ROLLBACK_FAILED, which refuses a retry. So in the template of a first create nothing is
 * deletion-protected (the deploy switches protection on after the create has succeeded), and no
 * bucket that the create itself fills stays non-empty. And a stage deployed again after a teardown
 * does not collide with what the teardown kept.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourcesOf, sharedSynth, synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

let result: SynthResult;
let parent: TemplateJson;
let every: { name: string; json: TemplateJson }[];

beforeAll(async () => {
  ({ result, json: parent } = await synthesized('dev'));
  every = [
    { name: 'parent', json: parent },
    ...Object.entries(result.nestedTemplatePaths).map(([name, file]) => ({
      name,
      json: JSON.parse(readFileSync(file, 'utf8')) as TemplateJson,
    })),
  ];
});

const CONDITION_IF = (on: unknown, off: unknown) => ({ 'Fn::If': ['DeletionProtectionOn', on, off] });

describe('deletion protection: off at the first create, on from the deploy after it', () => {
  it('is a parameter of the parent whose default, the first create’s value, is "false"', () => {
    expect(parent.Parameters?.DeletionProtection).toMatchObject({
      Type: 'String',
      Default: 'false',
      AllowedValues: ['false', 'true'],
    });
    expect((parent as { Conditions?: Record<string, unknown> }).Conditions?.DeletionProtectionOn).toEqual({
      'Fn::Equals': [{ Ref: 'DeletionProtection' }, 'true'],
    });
    // bin/deploy.ts reads this output to know whether the stack still waits for its protection.
    expect(parent.Outputs?.DeletionProtectionStatus?.Value).toEqual({ Ref: 'DeletionProtection' });
  });

  it('protects the events table and the user pool by that parameter', () => {
    expect(parent.Resources[result.eventsTableLogicalId]!.Properties!.DeletionProtectionEnabled).toEqual(
      CONDITION_IF(true, false),
    );
    expect(parent.Resources[result.userPoolLogicalId]!.Properties!.DeletionProtection).toEqual(
      CONDITION_IF('ACTIVE', 'INACTIVE'),
    );
  });

  it('leaves no resource of any template deletion-protected outright, and none retained by a failed create', () => {
    const blocking: string[] = [];
    for (const { name, json } of every) {
      for (const [id, resource] of Object.entries(json.Resources)) {
        const p = resource.Properties ?? {};
        if (p.DeletionProtectionEnabled === true || p.DeletionProtection === 'ACTIVE' || p.DeletionProtection === true)
          blocking.push(`${name}/${id} is deletion-protected`);
        if (p.TerminationProtection === true) blocking.push(`${name}/${id} has termination protection`);
        // Retain and Snapshot keep a resource even when the first create rolls back; RetainExceptOnCreate does not.
        if (resource.DeletionPolicy && !['Delete', 'RetainExceptOnCreate'].includes(resource.DeletionPolicy))
          blocking.push(`${name}/${id}: DeletionPolicy ${resource.DeletionPolicy}`);
      }
    }
    expect(blocking).toEqual([]);
  });
});

describe('the site deployment leaves no bucket non-empty when the first create rolls back', () => {
  it('empties (every version) and deletes each bucket a deployment writes during the create', () => {
    const deployments = every.flatMap(({ json }) => resourcesOf(json, 'Custom::CDKBucketDeployment'));
    expect(deployments.length).toBeGreaterThan(0);
    const destinations = new Set(deployments.map(([, p]) => (p.DestinationBucketName as { Ref: string }).Ref));
    const autoDeleted = new Set(
      resourcesOf(parent, 'Custom::S3AutoDeleteObjects').map(([, p]) => (p.BucketName as { Ref: string }).Ref),
    );
    for (const bucket of destinations) {
      const resource = parent.Resources[bucket]!;
      expect(resource.Type).toBe('AWS::S3::Bucket');
      // Versioned: deleting the current objects would leave versions behind; the custom resource removes them all.
      expect(autoDeleted.has(bucket), `${bucket} is emptied before it is deleted`).toBe(true);
      expect(resource.DeletionPolicy, bucket).toBe('Delete');
    }
  });

  it('deletes the auto-delete custom resource before its bucket (it depends on it and on the bucket policy)', () => {
    for (const [id] of resourcesOf(parent, 'Custom::S3AutoDeleteObjects')) {
      const depends = parent.Resources[id]!.DependsOn ?? [];
      expect(
        depends.some((dependency) => parent.Resources[dependency]?.Type === 'AWS::S3::BucketPolicy'),
        id,
      ).toBe(true);
    }
  });
});

describe('what a teardown keeps does not block deploying the stage again', () => {
  /** The stack id's first group, as names.ts stackInstanceId builds it. */
  const carriesStackId = (value: unknown) => JSON.stringify(value).includes('"AWS::StackId"');

  it('names the retained backup vault and notifications-key secret after this stack instance', () => {
    const [[, vault]] = resourcesOf(parent, 'AWS::Backup::BackupVault') as [[string, Record<string, unknown>]];
    expect(carriesStackId(vault.BackupVaultName)).toBe(true);
    const secrets = resourcesOf(parent, 'AWS::SecretsManager::Secret').filter(
      ([id]) => parent.Resources[id]!.DeletionPolicy === 'RetainExceptOnCreate',
    );
    expect(secrets.length).toBeGreaterThan(0);
    for (const [id, secret] of secrets) expect(carriesStackId(secret.Name), id).toBe(true);
  });

  it('gives no other kept resource a fixed name', () => {
    const NAME_PROPERTIES = [
      'TableName',
      'BucketName',
      'UserPoolName',
      'BackupVaultName',
      'Name',
      'RoleName',
      'LogGroupName',
      'FunctionName',
      'QueueName',
      'TopicName',
    ];
    const fixed: string[] = [];
    for (const { name, json } of every) {
      for (const [id, resource] of Object.entries(json.Resources)) {
        if (resource.DeletionPolicy !== 'RetainExceptOnCreate') continue;
        for (const property of NAME_PROPERTIES) {
          const value = resource.Properties?.[property];
          // A user pool's name need not be unique; everything else's must.
          if (value !== undefined && !(resource.Type === 'AWS::Cognito::UserPool') && !carriesStackId(value))
            fixed.push(`${name}/${id}.${property}`);
        }
      }
    }
    expect(fixed).toEqual([]);
  });
});

describe('prod', () => {
  it('has termination protection on the stack, not deletion protection in the first create', async () => {
    const prod = await sharedSynth('prod');
    const json = JSON.parse(readFileSync(prod.templatePath, 'utf8')) as TemplateJson;
    expect(json.Parameters?.DeletionProtection).toMatchObject({ Default: 'false' });
    expect(json.Resources[prod.eventsTableLogicalId]!.Properties!.DeletionProtectionEnabled).toEqual(
      CONDITION_IF(true, false),
    );
  });
});
