// Shared checks for "bad input": every malformed request answers 4xx in the envelope with a
// Chinese message, never 500, and writes nothing.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness';

const CHINESE = /[\u4e00-\u9fa5]/;

export function expectRejected(res: LightMyRequestResponse, status?: number): { code: number; message: string } {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
  expect(body.code).not.toBe(0);
  expect(body.data).toBeNull();
  expect(body.message).toMatch(CHINESE);
  return body;
}

/** A JSON body too large for the server's body limit (64 KB). */
export function oversizedBody(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...extra, padding: 'x'.repeat(100 * 1024) });
}

export function jsonPost(t: TestApp, url: string, payload: string, token: string) {
  return t.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
}

/** Run `requests`, expect each to be rejected, and prove that no table changed. */
export async function expectAllRejectedWithoutWrites(
  t: TestApp,
  requests: { name: string; send: () => Promise<LightMyRequestResponse>; status?: number; code?: number; message?: RegExp }[],
): Promise<void> {
  const before = await t.snapshot();
  for (const r of requests) {
    const res = await r.send();
    const body = (() => {
      try {
        return expectRejected(res, r.status);
      } catch (e) {
        throw new Error(`${r.name}: ${(e as Error).message}`, { cause: e });
      }
    })();
    if (r.code !== undefined) expect(body.code, r.name).toBe(r.code);
    if (r.message) expect(body.message, r.name).toMatch(r.message);
  }
  expect(await t.snapshot()).toEqual(before);
}
