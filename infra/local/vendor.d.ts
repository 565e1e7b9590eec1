declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options?: {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    ssl?: boolean;
  }): Server;
}
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
