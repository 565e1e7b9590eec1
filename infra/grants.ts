/**
 * What a function may do in AWS, as a row of infra/routes.ts declares it. The stack grants exactly
 * these (infra/stack/capabilities.ts says what each means in IAM and environment), and
 * tests/infra/security.test.ts checks that a row's grants are what its handler's code calls, no
 * more and no less, so moving or renaming a file never changes a function's permissions.
 */
export const GRANTS = [
  /** GetItem / Query on the events table: load a stream, read one event, the global order. */
  'events:read',
  /** A commit's conditional PutItem and its outbox marker (UpdateItem): commands. */
  'events:append',
  /** UpdateItem only: clear outbox markers, move the sweep mark (the outbox sweeper; it appends nothing). */
  'events:mark',
  /** events:PutEvents on the bus: whoever publishes commits. */
  'bus:publish',
  /** GetItem / BatchGetItem / Query on the views table: every read model. */
  'views:read',
  /** PutItem / BatchWriteItem / UpdateItem (counters, checkpoints) on the views: the projector and the rebuild. */
  'views:write',
  /** UpdateItem on the quota counters' items of the views table only. */
  'views:count',
  /** Put / Update / DeleteItem on the idempotency claims' items of the views table only. */
  'views:claim',
  /** The WebSocket connections table: record, find and forget connections. */
  'connections:*',
  /** execute-api:ManageConnections: post to a connected browser, close its socket. */
  'realtime:post',
  /** Verify ID tokens against the pool (its id and the client's; no IAM action). */
  'identity:verify',
  /** AdminGetUser: whether an address is verified. */
  'identity:read',
  /** AdminAddUserToGroup / AdminRemoveUserFromGroup. */
  'identity:groups',
  /** AdminUserGlobalSignOut. */
  'identity:sign-out',
  /** AdminSetUserPassword. */
  'identity:password',
  /** AdminDeleteUser: an erased account's user. */
  'identity:delete',
  /** AdminGetUser / AdminUpdateUserAttributes: mark a proven address verified. */
  'identity:attributes',
  /** s3:PutObject on the uploads bucket: a presigned upload form, a copy's destination. */
  'uploads:put',
  /** s3:GetObject (and ListBucket): a presigned download, HeadObject, a copy's source. */
  'uploads:get',
  /** s3:DeleteObject on the uploads bucket. */
  'uploads:delete',
  /** ListBucketVersions, DeleteObject and DeleteObjectVersion: an erasure deletes a folder's every version. */
  'uploads:erase',
  /** bedrock:InvokeModel on the configured model. */
  'ai:invoke',
  /** ses:SendEmail from the configured sender. */
  'mail:send',
  /** The Stripe secret (Secrets Manager) and the prices: calls to Stripe. */
  'payments:stripe',
] as const;

export type Grant = (typeof GRANTS)[number];
