import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * AWS SDK clients configured from the environment. In the cloud the endpoints are absent and the
 * SDK's defaults apply; the embedded runtime sets `*_ENDPOINT` to its local services.
 */
export function localCredentials() {
  return process.env.AWS_ACCESS_KEY_ID ? undefined : { accessKeyId: 'local', secretAccessKey: 'local' };
}

export function dynamoDocumentClient(endpoint = process.env.DYNAMODB_ENDPOINT): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: endpoint ? localCredentials() ?? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    maxAttempts: 6,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
}
