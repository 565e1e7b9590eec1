import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { guardWithSecretPath } from './secret-path.js';

export interface EmbeddedS3 {
  endpoint: string;
  stop(): Promise<void>;
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver on loopback with the uploads bucket. With a `secret`, it answers only below `/<secret>`
 * (its endpoint includes it): s3rver checks no signature, so the public port's gate is the way in.
 */
export async function startS3(options: { directory: string; bucket: string; port?: number; secret?: string }): Promise<EmbeddedS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket, configs: [CORS] }],
  });
  const address = (await server.run()) as AddressInfo;
  if (options.secret) {
    guardWithSecretPath((server as unknown as { httpServer: Server }).httpServer, options.secret, (res) => {
      const body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
      res.writeHead(403, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  }
  return {
    endpoint: `http://127.0.0.1:${address.port}${options.secret ? `/${options.secret}` : ''}`,
    stop: () => server.close(),
  };
}
