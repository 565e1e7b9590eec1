/** The Node 24 binary's path (see node24.mjs). */
export declare function node24(root?: string): string;
