import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * The embedded stack's AWS KMS: the part of KMS's awsJson1.1 API (`TrentService.<Operation>`) that
 * envelope encryption uses (GenerateDataKey, Decrypt, Encrypt, DescribeKey), so the product talks to
 * it through `@aws-sdk/client-kms` exactly as it talks to KMS, pointed here by its endpoint. One
 * symmetric key, its 256 bits kept in the data folder (`kms-key`, owner-readable) or in memory for
 * tests. Ciphertexts are bound to their encryption context, as KMS binds them: a blob presented with
 * another context fails with InvalidCiphertextException.
 */
export interface LocalKms {
  endpoint: string;
  keyId: string;
  close(): Promise<void>;
}

const KEY_FILE = 'kms-key';
const BODY_LIMIT = 64 * 1024;
const BLOB_VERSION = 1;
const ACCOUNT = '000000000000';
const REGION = 'us-east-1';

type Context = Record<string, string> | undefined;

class KmsError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** KMS binds a ciphertext to its context by authenticating the context's pairs, in key order. */
function contextBytes(context: Context): Buffer {
  const pairs = Object.entries(context ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return Buffer.from(JSON.stringify(pairs));
}

function seal(master: Buffer, keyTag: Buffer, plaintext: Buffer, context: Context): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', master, iv);
  cipher.setAAD(contextBytes(context));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([BLOB_VERSION]), keyTag, iv, cipher.getAuthTag(), body]);
}

function open(master: Buffer, keyTag: Buffer, blob: Buffer, context: Context): Buffer {
  if (blob.length < 1 + 8 + 12 + 16 || blob[0] !== BLOB_VERSION || !blob.subarray(1, 9).equals(keyTag)) {
    throw new KmsError('InvalidCiphertextException', 'The ciphertext is not valid for this key.');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', master, blob.subarray(9, 21));
    decipher.setAAD(contextBytes(context));
    decipher.setAuthTag(blob.subarray(21, 37));
    return Buffer.concat([decipher.update(blob.subarray(37)), decipher.final()]);
  } catch {
    throw new KmsError('InvalidCiphertextException', 'The ciphertext or its encryption context is not valid.');
  }
}

async function masterKey(dataDir: string | undefined): Promise<Buffer> {
  const file = dataDir ? join(dataDir, KEY_FILE) : undefined;
  if (file && existsSync(file)) return Buffer.from(await readFile(file, 'utf8'), 'base64');
  const key = randomBytes(32);
  if (file) await writeFile(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

async function readBody(request: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new KmsError('ValidationException', 'The request is too large.');
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (!parsed || typeof parsed !== 'object') throw new Error('not an object');
    return parsed;
  } catch {
    throw new KmsError('SerializationException', 'The request body is not JSON.');
  }
}

export async function startKms(
  options: {
    dataDir?: string;
    host?: string;
    /**
     * Other ARNs this key answers to: the rehearsal's, where functions name the stack's key as its
     * template resolves.
     */
    alsoNamed?: (keyId: string) => boolean;
  } = {},
): Promise<LocalKms> {
  const master = await masterKey(options.dataDir);
  const keyTag = createHash('sha256').update(master).digest().subarray(0, 8);
  const keyUuid = [8, 4, 4, 4, 12]
    .map((n, i) =>
      keyTag
        .toString('hex')
        .padEnd(32, '0')
        .slice(i * 4, i * 4 + n),
    )
    .join('-');
  const keyArn = `arn:aws:kms:${REGION}:${ACCOUNT}:key/${keyUuid}`;
  const knownKey = (keyId: unknown) => {
    if (typeof keyId !== 'string' || !keyId) throw new KmsError('ValidationException', 'KeyId is required.');
    if (keyId !== keyArn && keyId !== keyUuid && !keyId.startsWith('alias/') && !options.alsoNamed?.(keyId)) {
      throw new KmsError('NotFoundException', `Key '${keyId}' does not exist`);
    }
  };
  const blobOf = (value: unknown) => {
    if (typeof value !== 'string' || !value) throw new KmsError('ValidationException', 'CiphertextBlob is required.');
    return Buffer.from(value, 'base64');
  };
  const operations: Record<string, (body: Record<string, any>) => unknown> = {
    DescribeKey: (body) => {
      knownKey(body.KeyId);
      return {
        KeyMetadata: { KeyId: keyUuid, Arn: keyArn, Enabled: true, KeyState: 'Enabled', KeySpec: 'SYMMETRIC_DEFAULT' },
      };
    },
    GenerateDataKey: (body) => {
      knownKey(body.KeyId);
      const bytes = body.NumberOfBytes ?? (body.KeySpec === 'AES_128' ? 16 : 32);
      if (!Number.isInteger(bytes) || bytes < 1 || bytes > 1024)
        throw new KmsError('ValidationException', 'NumberOfBytes must be 1 to 1024.');
      const plaintext = randomBytes(bytes);
      return {
        KeyId: keyArn,
        Plaintext: plaintext.toString('base64'),
        CiphertextBlob: seal(master, keyTag, plaintext, body.EncryptionContext).toString('base64'),
      };
    },
    Encrypt: (body) => {
      knownKey(body.KeyId);
      const plaintext = Buffer.from(String(body.Plaintext ?? ''), 'base64');
      if (plaintext.length < 1 || plaintext.length > 4096)
        throw new KmsError('ValidationException', 'Plaintext must be 1 to 4096 bytes.');
      return {
        KeyId: keyArn,
        CiphertextBlob: seal(master, keyTag, plaintext, body.EncryptionContext).toString('base64'),
      };
    },
    Decrypt: (body) => {
      if (body.KeyId !== undefined) knownKey(body.KeyId);
      const plaintext = open(master, keyTag, blobOf(body.CiphertextBlob), body.EncryptionContext);
      return { KeyId: keyArn, Plaintext: plaintext.toString('base64'), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' };
    },
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-requestid': randomBytes(16).toString('hex'),
    });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = operations[target.replace(/^TrentService\./, '')];
    void (async () => {
      try {
        if (request.method !== 'POST' || !target.startsWith('TrentService.') || !operation) {
          throw new KmsError('UnknownOperationException', `Unknown operation ${target}`);
        }
        answer(response, 200, operation(await readBody(request)));
      } catch (error) {
        const known = error instanceof KmsError;
        answer(response, known ? 400 : 500, {
          __type: known ? error.type : 'KMSInternalException',
          message: known ? error.message : 'An internal error occurred.',
        });
      }
    })();
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keyId: keyArn,
    // Clients keep their connections alive: closed here, or the server would wait for them.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
