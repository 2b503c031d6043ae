import { describe, it, expect } from 'vitest';
import { databases, useTestApp } from './harness';
describe.each(databases())('smoke %s', (kind) => {
  const t = useTestApp(kind);
  it('healthz', async () => {
    const r = await t.get('/healthz');
    expect(r.json()).toEqual({ status: 'ok' });
    const s = await t.snapshot();
    // 16 cards of the demo, 2 more in wifi devices (db/seedDevices.ts), 9 stopped or mis-set ones for the diagnosis (1000000021-28, 30)
    expect(s.cards).toBe(27);
    const r2 = await t.get('/api/nope');
    expect(r2.statusCode).toBe(404);
    expect(r2.json().code).toBe(40400);
    const docs = await t.get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
  });
});
