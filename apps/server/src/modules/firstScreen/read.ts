// A read made for a first screen (./index.ts): the holder's own session answers it through the
// API as any read, but it never rotates the session's token — the new token would reach the
// server's renderer, not the phone, whose token would then stop working after the grace.
import { AsyncLocalStorage } from 'node:async_hooks';

const reading = new AsyncLocalStorage<true>();

/** Runs `work` as a first screen's read (what it calls, in-process, knows it). */
export const asFirstScreenRead = <T>(work: () => Promise<T>): Promise<T> => reading.run(true, work);

/** Whether the request being handled is a first screen's read. */
export const isFirstScreenRead = (): boolean => reading.getStore() === true;
