import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import S3rver from 's3rver';
import { guardWithSecretPath } from './secret-path.js';

export interface EmbeddedS3 {
  endpoint: string;
  stop(): Promise<void>;
}

const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'HEAD'].map((method) => `<AllowedMethod>${method}</AllowedMethod>`);

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    ${ALLOWED_METHODS.join('')}
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver on loopback with the uploads bucket. With a `secret`, it answers only below `/<secret>`
 * (its endpoint includes it): s3rver checks no signature, so the public port's gate is the way in.
 */
export async function startS3(options: {
  directory: string;
  bucket: string;
  port?: number;
  secret?: string;
}): Promise<EmbeddedS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  confineToFolder(server, options.directory);
  const address = (await server.run()) as AddressInfo;
  if (options.secret) {
    guardWithSecretPath((server as unknown as { httpServer: Server }).httpServer, options.secret, (res) => {
      const body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access ' +
        'Denied</Message></Error>';
      res.writeHead(403, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  }
  return {
    endpoint: `http://127.0.0.1:${address.port}${options.secret ? `/${options.secret}` : ''}`,
    stop: () => server.close(),
  };
}

/** s3rver's file store, as far as the confinement below uses it. */
interface FilesystemStore {
  getResourcePath(bucket: string, key?: string, resource?: string): string;
  getBucketPath(bucket: string): string;
}

/**
 * s3rver joins the raw key into a file path (`path.join(root, bucket, ...key.split('/'))`), so a key
 * such as `../../x` names a file outside its folder. The gate in front refuses such keys; this is the
 * second line: every path the store resolves must lie inside its bucket's folder, or the request
 * fails with S3's InvalidArgument (400) before any file is opened.
 */
function confineToFolder(server: S3rver, directory: string): void {
  const store = (server as unknown as { store: FilesystemStore }).store;
  const S3Error = createRequire(createRequire(import.meta.url).resolve('s3rver'))('./models/error') as new (
    code: string,
    message: string,
  ) => Error;
  const root = path.resolve(directory);
  const getResourcePath = store.getResourcePath.bind(store);
  const getBucketPath = store.getBucketPath.bind(store);
  const inside = (folder: string, candidate: string) => {
    const relative = path.relative(folder, candidate);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  };
  store.getBucketPath = (bucket) => {
    const resolved = path.resolve(getBucketPath(bucket));
    if (!inside(root, resolved)) throw new S3Error('InvalidBucketName', 'The specified bucket is not valid.');
    return resolved;
  };
  store.getResourcePath = (bucket, key = '', resource) => {
    const resolved = path.resolve(getResourcePath(bucket, key, resource));
    const segments = key.split('/');
    if (
      segments.some((segment) => segment === '.' || segment === '..') ||
      !inside(path.resolve(root, bucket), resolved)
    ) {
      throw new S3Error('InvalidArgument', 'The key names a place outside its bucket.');
    }
    return resolved;
  };
}
