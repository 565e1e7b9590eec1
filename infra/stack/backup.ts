import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupSelection,
  BackupVault,
  BackupVaultEvents,
} from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { retainedName } from './names.js';
import { acknowledge } from './nag.js';

export const BACKUP_RETENTION_DAYS = 35;

/** The vault copies go to in `backupCopyRegion`: create it there once (docs/operations.md, "Backups and restore"). */
export const copyVaultName = (stage: string) => `design-club-${stage}-copy`;

/** The AWS-managed policies AWS Backup needs for DynamoDB and S3, backup and restore. */
const BACKUP_POLICIES = [
  'service-role/AWSBackupServiceRolePolicyForBackup',
  'service-role/AWSBackupServiceRolePolicyForRestores',
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
];

/**
 * AWS Backup for the two stores that cannot be rebuilt: the events table (the system of record; it
 * also has point-in-time recovery for the last 35 days) and the uploads bucket (versioned, which S3
 * backups require). Daily at 03:00 UTC, kept 35 days, optionally copied to a vault in a second
 * region. Failed jobs notify the alarm topic. The views table is not backed up: `npm run replay`
 * rebuilds it from the events.
 */
export class Backups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(
    scope: Construct,
    id: string,
    props: { stage: string; eventsTable: ITable; uploadsBucket: IBucket; copyRegion?: string; topic: ITopic },
  ) {
    super(scope, id);
    const stack = Stack.of(this);
    if (props.copyRegion && props.copyRegion === stack.region) {
      throw new Error(`Context "backupCopyRegion" must be another region than the stack's (${stack.region}).`);
    }
    this.vault = new BackupVault(this, 'Vault', {
      // Kept when the stack is deleted: a new create must not collide with it (names.ts).
      backupVaultName: retainedName(props.stage, 'backups'),
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      notificationTopic: props.topic,
      notificationEvents: [
        BackupVaultEvents.BACKUP_JOB_FAILED,
        BackupVaultEvents.COPY_JOB_FAILED,
        BackupVaultEvents.S3_BACKUP_OBJECT_FAILED,
      ],
    });

    const copyActions = props.copyRegion
      ? [
          {
            destinationBackupVault: BackupVault.fromBackupVaultArn(
              this,
              'CopyVault',
              stack.formatArn({
                service: 'backup',
                region: props.copyRegion,
                resource: 'backup-vault',
                resourceName: copyVaultName(props.stage),
                arnFormat: ArnFormat.COLON_RESOURCE_NAME,
              }),
            ),
            deleteAfter: Duration.days(BACKUP_RETENTION_DAYS),
          },
        ]
      : undefined;

    this.plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `design-club-${props.stage}`,
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'daily-35-days',
          scheduleExpression: Schedule.cron({ hour: '3', minute: '0' }),
          startWindow: Duration.hours(1),
          completionWindow: Duration.hours(8),
          deleteAfter: Duration.days(BACKUP_RETENTION_DAYS),
          copyActions,
        }),
      ],
    });

    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      description: `AWS Backup of design-club ${props.stage}: events table and uploads bucket`,
      managedPolicies: BACKUP_POLICIES.map((name) => ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    for (const name of BACKUP_POLICIES) {
      acknowledge(
        role,
        `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`,
        'AWS Backup’s documented service-role policies for DynamoDB and S3 backup and restore; AWS keeps them in ' +
          'step with what the service needs.',
      );
    }
    new BackupSelection(this, 'Selection', {
      backupPlan: this.plan,
      backupSelectionName: 'events-and-uploads',
      resources: [
        BackupResource.fromDynamoDbTable(props.eventsTable),
        BackupResource.fromArn(props.uploadsBucket.bucketArn),
      ],
      role,
      disableDefaultBackupPolicy: true,
    });
  }
}
