import { DynamoClient } from './aws/dynamodb.js';

/**
 * The DynamoDB client every table adapter shares, configured from the environment: in the cloud the
 * endpoint is absent and AWS's applies; the embedded runtime sets DYNAMODB_ENDPOINT to its dynalite.
 * Six attempts, as the SDK client had: a throttled write is worth waiting for rather than failing
 * a command the consumers would otherwise have to redeliver.
 */
export function dynamoClient(endpoint = process.env.DYNAMODB_ENDPOINT): DynamoClient {
  return new DynamoClient({ endpoint, maxAttempts: 6 });
}
