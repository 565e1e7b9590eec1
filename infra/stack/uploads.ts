import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { bucketFindings } from './guard.js';
import { UPLOADS_INCOMING_PREFIX } from './functions.js';

/**
 * Where people's data archives ('Download My Data') are kept, and for how long: a day past the
 * seven the link is offered (ARCHIVE_DAYS, functions/features/exports/state.ts), since S3 expires
 * objects at the midnight after their age is reached and the link must never name a missing file.
 */
export const DATA_EXPORTS_PREFIX = 'exports/';
export const DATA_EXPORT_DAYS = 8;

/** Days an upload may stay unrecorded under `incoming/` before it counts as abandoned. */
export const ABANDONED_UPLOAD_DAYS = 2;

/**
 * Project files: private, TLS only, encrypted, versioned. The browser uploads straight to it with
 * a presigned POST (hence CORS for the site's origins, added once the site's origin is known), under
 * `incoming/`; the API records a file after checking the object (DESIGN §4). Whatever is still under
 * `incoming/` after two days was never recorded and expires, and so do interrupted multipart uploads.
 */
export class Uploads extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: { accessLogs: IBucket }) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          id: 'expire-abandoned-uploads',
          prefix: UPLOADS_INCOMING_PREFIX,
          expiration: Duration.days(ABANDONED_UPLOAD_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          id: 'expire-data-exports',
          prefix: DATA_EXPORTS_PREFIX,
          expiration: Duration.days(DATA_EXPORT_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    bucketFindings(
      this.bucket,
      'project files, recorded by the API after the browser’s presigned upload (DESIGN §4), deleted with their ' +
        'project, unrecorded ones expired by the lifecycle rule',
    );
  }

  /** Lets the site's pages POST (presigned) and GET objects from the browser. */
  allowOrigins(origins: string[]): void {
    this.bucket.addCorsRule({
      allowedOrigins: origins,
      allowedMethods: [HttpMethods.POST, HttpMethods.GET, HttpMethods.HEAD],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
