import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * An operator's shell may name the region only in an AWS profile (`aws configure`), while Lambda
 * always sets AWS_REGION, which is all the handlers' lean AWS client reads. Before a command line
 * tool builds the handlers' runtime against AWS, the SDK's own resolution (environment, then the
 * profile's config) fills AWS_REGION in.
 */
export async function useProfileRegion(): Promise<void> {
  if (process.env.AWS_REGION) return;
  if (process.env.AWS_DEFAULT_REGION) {
    process.env.AWS_REGION = process.env.AWS_DEFAULT_REGION;
    return;
  }
  const client = new DynamoDBClient({});
  try {
    process.env.AWS_REGION = await client.config.region();
  } catch {
    console.error('No AWS region is configured (AWS_REGION, or region in your AWS profile): using us-east-1.');
  } finally {
    client.destroy();
  }
}
