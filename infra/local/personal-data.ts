import { KMSClient } from '@aws-sdk/client-kms';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { catalogue } from '../../functions/app/catalogue.js';
import { localEndpointConfig } from '../../functions/platform/aws/sdk-config.js';
import { PersonalDataCodec } from '../../functions/platform/privacy/codec.js';
import { DataKeys } from '../../functions/platform/privacy/data-keys.js';
import { startKms } from './kms.js';

/** Where the embedded stack's KMS stand-in answers, and the id of its one key (runtime.json records both). */
export interface LocalKmsAddress {
  endpoint: string;
  keyId: string;
}

/**
 * The app's codec of personal fields over an embedded KMS and keys table, through the same SDK clients
 * the handlers use in the cloud.
 */
export function localCodec(
  kms: LocalKmsAddress,
  client: DynamoDBDocumentClient,
  keysTable: string,
): { codec: PersonalDataCodec; close: () => void } {
  const kmsClient = new KMSClient(localEndpointConfig(kms.endpoint));
  const keys = new DataKeys(kmsClient, kms.keyId, client, keysTable);
  return { codec: new PersonalDataCodec(catalogue, keys), close: () => kmsClient.destroy() };
}

/**
 * The codec over the data folder's own KMS key, for the operator tools that read the data while no
 * stack runs (replay): a stand-in is started on the folder's key for the run.
 */
export async function codecOfDataFolder(
  dataDir: string,
  client: DynamoDBDocumentClient,
  keysTable: string,
): Promise<{ codec: PersonalDataCodec; close: () => Promise<void> }> {
  const kms = await startKms({ dataDir });
  const { codec, close } = localCodec(kms, client, keysTable);
  return {
    codec,
    close: async () => {
      close();
      await kms.close();
    },
  };
}
