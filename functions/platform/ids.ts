import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

// ulid's default source asks the OS for one byte per character (16 calls an id); on the append
// path that cost more than hashing the event. One refill serves 256 ids.
const pool = Buffer.alloc(4096);
let offset = pool.length;
function pooledRandom(): number {
  if (offset >= pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  return pool[offset++]! / 256;
}

/**
 * Monotonic within a process, so events committed together keep their order. Built in a call marked pure: a bundle that
 * makes no id leaves ulid out.
 */
export const newId = /* @__PURE__ */ monotonicFactory(pooledRandom);
