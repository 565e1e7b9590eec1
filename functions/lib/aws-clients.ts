import { DynamoClient } from './aws/dynamodb.js';

/**
 * Clients configured from the environment. In the cloud the endpoints are absent and AWS's apply;
 * the embedded runtime sets `*_ENDPOINT` to its local services.
 */
export function localCredentials() {
  return process.env.AWS_ACCESS_KEY_ID ? undefined : { accessKeyId: 'local', secretAccessKey: 'local' };
}

export function dynamoClient(endpoint = process.env.DYNAMODB_ENDPOINT): DynamoClient {
  return new DynamoClient({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1', maxAttempts: 6 });
}
