import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localEndpointConfig, requestHandlerOptions } from './sdk-config.js';
import { captureAwsClient } from '../observability/tracing.js';
import { countCallsOf } from '../observability/call-count.js';

/**
 * The DynamoDB document client every table adapter shares, configured from the environment: in the
 * cloud the endpoint is absent and the SDK resolves AWS's; the embedded runtime sets
 * DYNAMODB_ENDPOINT to its dynalite. Six attempts: a throttled write is worth waiting for rather than
 * failing a command the consumers would otherwise have to redeliver.
 */
export function dynamoClient(endpoint = process.env.DYNAMODB_ENDPOINT): DynamoDBDocumentClient {
  const client = countCallsOf(
    captureAwsClient(
      new DynamoDBClient({ ...localEndpointConfig(endpoint), maxAttempts: 6, requestHandler: requestHandlerOptions() }),
    ),
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
}

let shared: { endpoint: string | undefined; client: DynamoDBDocumentClient } | undefined;

/**
 * The container's one DynamoDB client: the runtime's tables and the connections table share it (and
 * its sockets). Per endpoint, because the embedded runtime's tests start several dynalites in one process.
 */
export function sharedDynamoClient(): DynamoDBDocumentClient {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (shared?.endpoint !== endpoint || !shared) shared = { endpoint, client: dynamoClient(endpoint) };
  return shared.client;
}
