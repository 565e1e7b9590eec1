import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeGuard, bucketFindings } from './guard.js';
import { acknowledge } from './nag.js';

/** The bucket that receives S3 server access logs (uploads, site) and CloudFront standard logs. */
export class AccessLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs and cannot use SSE-KMS.
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        { id: 'expire-logs', expiration: Duration.days(180), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    bucketFindings(this.bucket, 'S3 and CloudFront access logs, read by people when needed and expired after 180 days');
    acknowledgeGuard(
      this.bucket,
      's3_bucket_logging_enabled_check',
      'This is the access-log bucket itself; logging its own access would write logs about writing logs.',
    );
    acknowledgeGuard(
      this.bucket,
      's3_bucket_versioning_enabled_check',
      'Log files are written once by the log delivery and never changed; versions would only keep the expired ones ' +
        'longer.',
    );
    acknowledge(
      this.bucket,
      'AwsSolutions-S1',
      'This is the access-log bucket itself; logging its own access would write logs about writing logs.',
    );
  }
}
