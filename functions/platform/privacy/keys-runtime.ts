import { KMSClient } from '@aws-sdk/client-kms';
import type { EventCatalogue } from '../../../events/catalogue.js';
import { sharedDynamoClient } from '../aws/dynamodb.js';
import { localEndpointConfig, requestHandlerOptions } from '../aws/sdk-config.js';
import { captureAwsClient } from '../observability/tracing.js';
import { installedAdapters, perProcess, required } from '../runtime.js';
import { PersonalDataCodec } from './codec.js';
import { DataKeys } from './data-keys.js';

const codecsOfProcess = /* @__PURE__ */ perProcess(() => new WeakMap<EventCatalogue, PersonalDataCodec>());

/**
 * The process's personal-data codec: the installed one (the embedded runtime's, over its KMS stand-in),
 * or one over KMS and the keys table named by the environment (KMS_KEY_ID, KEYS_TABLE; KMS_ENDPOINT only
 * against an embedded KMS). One per catalogue, so its keys cache is the process's.
 */
export function personalDataCodec(catalogue: EventCatalogue): PersonalDataCodec {
  const { codec } = installedAdapters();
  if (codec) return codec;
  const codecs = codecsOfProcess();
  let built = codecs.get(catalogue);
  if (!built) {
    const keys = () => {
      const kms = captureAwsClient(
        new KMSClient({
          ...localEndpointConfig(process.env.KMS_ENDPOINT),
          maxAttempts: 4,
          requestHandler: requestHandlerOptions(),
        }),
      );
      return new DataKeys(kms, required('KMS_KEY_ID'), sharedDynamoClient(), required('KEYS_TABLE'));
    };
    codecs.set(catalogue, (built = new PersonalDataCodec(catalogue, keys)));
  }
  return built;
}
