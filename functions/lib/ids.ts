import { monotonicFactory } from 'ulid';

/** Monotonic within a process, so events committed together keep their order. */
export const newId = monotonicFactory();
