// lib/throttle.ts against both databases: fixed windows, lockouts, and atomicity under
// concurrency (several server processes share the counters through the database).
import { describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock';
import { advance, clear, hit, peek, take, type Advance, type ThrottleRow, type ThrottleRule } from '../src/lib/throttle';
import { nextChinaMidnight } from '../src/modules/auth/limits';
import { databases, useTestApp } from './harness';

const MINUTE = 60_000;

describe.each(databases())('throttle on %s', (kind) => {
  const t = useTestApp(kind);

  it('counts events in a fixed window and starts a new window when it ends', async () => {
    const rule: ThrottleRule = { limit: 3, windowMs: 10 * MINUTE };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(t.db.kysely, 'w:basic', rule));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results.every((r) => !r.locked)).toBe(true);
    // refused: told to wait until the window ends (10 minutes from the first event)
    expect(results[3]!.retryAfterMs).toBeGreaterThan(9 * MINUTE);
    expect(results[3]!.retryAfterMs).toBeLessThanOrEqual(10 * MINUTE);

    clock.advance(10 * MINUTE);
    const fresh = await hit(t.db.kysely, 'w:basic', rule);
    expect(fresh).toMatchObject({ count: 1, allowed: true, retryAfterMs: 0 });
  });

  it('takes several events at once and grants only what fits the window; every one asked for is counted', async () => {
    const rule: ThrottleRule = { limit: 5, windowMs: 10 * MINUTE };
    const first = await take(t.db.kysely, 'w:take', rule, 3);
    expect(first).toMatchObject({ granted: 3, retryAfterMs: 0 });
    expect(await take(t.db.kysely, 'w:take', rule, 3)).toMatchObject({ granted: 2, retryAfterMs: 0, windowEndsAt: first.windowEndsAt });
    const full = await take(t.db.kysely, 'w:take', rule, 2);
    expect(full.granted).toBe(0);
    expect(full.retryAfterMs).toBeGreaterThan(9 * MINUTE);
    // a hit sees the events taken (3 + 3 + 2, then itself)
    expect(await hit(t.db.kysely, 'w:take', rule)).toMatchObject({ count: 9, allowed: false });
    clock.advance(10 * MINUTE);
    expect(await take(t.db.kysely, 'w:take', rule, 4)).toMatchObject({ granted: 4 });
  });

  it('keeps keys apart', async () => {
    const rule: ThrottleRule = { limit: 1, windowMs: MINUTE };
    expect((await hit(t.db.kysely, 'w:a', rule)).allowed).toBe(true);
    expect((await hit(t.db.kysely, 'w:b', rule)).allowed).toBe(true);
    expect((await hit(t.db.kysely, 'w:a', rule)).allowed).toBe(false);
  });

  it('locks a key on the attempt that reaches the limit, refuses during the lock without extending it, and starts over after it', async () => {
    const rule: ThrottleRule = { limit: 3, windowMs: 60 * MINUTE, lockMs: 15 * MINUTE };
    const a = await hit(t.db.kysely, 'l:acct', rule);
    const b = await hit(t.db.kysely, 'l:acct', rule);
    expect([a.locked, b.locked]).toEqual([false, false]);
    const c = await hit(t.db.kysely, 'l:acct', rule);
    // the third attempt is still allowed (its password gets checked) but it locks the key
    expect(c).toMatchObject({ count: 3, allowed: true, locked: true, remaining: 0 });
    expect(c.retryAfterMs).toBe(15 * MINUTE);

    clock.advance(5 * MINUTE);
    const during = await hit(t.db.kysely, 'l:acct', rule);
    expect(during).toMatchObject({ allowed: false, locked: true });
    // not extended by attempts during the lock (real time passes between the calls, hence the range)
    expect(during.retryAfterMs).toBeGreaterThan(10 * MINUTE - 5_000);
    expect(during.retryAfterMs).toBeLessThanOrEqual(10 * MINUTE);
    expect((await peek(t.db.kysely, 'l:acct', rule))?.locked).toBe(true);

    clock.advance(10 * MINUTE);
    expect(await peek(t.db.kysely, 'l:acct', rule)).toBeNull();
    const after = await hit(t.db.kysely, 'l:acct', rule);
    expect(after).toMatchObject({ count: 1, allowed: true, locked: false, remaining: 2 });
  });

  it('locks at once when the limit is 1', async () => {
    const r = await hit(t.db.kysely, 'l:one', { limit: 1, windowMs: MINUTE, lockMs: 5 * MINUTE });
    expect(r).toMatchObject({ count: 1, allowed: true, locked: true, retryAfterMs: 5 * MINUTE });
  });

  it('forgets a key on clear (a successful login resets the failures)', async () => {
    const rule: ThrottleRule = { limit: 2, windowMs: MINUTE, lockMs: MINUTE };
    await hit(t.db.kysely, 'l:clear', rule);
    await hit(t.db.kysely, 'l:clear', rule);
    expect((await peek(t.db.kysely, 'l:clear', rule))?.locked).toBe(true);
    await clear(t.db.kysely, 'l:clear');
    expect(await peek(t.db.kysely, 'l:clear', rule)).toBeNull();
    expect((await hit(t.db.kysely, 'l:clear', rule)).count).toBe(1);
  });

  it('peek reads without counting', async () => {
    const rule: ThrottleRule = { limit: 5, windowMs: MINUTE };
    expect(await peek(t.db.kysely, 'p:x', rule)).toBeNull();
    await hit(t.db.kysely, 'p:x', rule);
    const before = await t.snapshot();
    expect((await peek(t.db.kysely, 'p:x', rule))?.count).toBe(1);
    expect((await peek(t.db.kysely, 'p:x', rule))?.count).toBe(1);
    expect(await t.snapshot()).toEqual(before);
    clock.advance(MINUTE);
    expect(await peek(t.db.kysely, 'p:x', rule)).toBeNull();
  });

  it('ends a daily window at China midnight when asked to', async () => {
    const rule: ThrottleRule = { limit: 1, windowMs: 24 * 60 * MINUTE, windowEndsAt: nextChinaMidnight };
    await hit(t.db.kysely, 'd:mobile', rule);
    const row = await t.db.kysely.selectFrom('throttles').selectAll().where('key', '=', 'd:mobile').executeTakeFirstOrThrow();
    expect(row.window_ends_at).toBe(nextChinaMidnight(clock.now()).toISOString());
    expect(row.window_ends_at.slice(11)).toBe('16:00:00.000Z'); // 00:00 in Asia/Shanghai
  });

  it('counts every one of many concurrent events exactly once (one atomic upsert)', async () => {
    const rule: ThrottleRule = { limit: 10, windowMs: MINUTE, lockMs: MINUTE };
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(t.db.kysely, 'c:burst', rule)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('advance: a rule with its own arithmetic, taken one caller after another under concurrency (compare-and-swap)', async () => {
    // at most 7 taken; each taken one sees every one before it
    const upTo7 = (row: ThrottleRow | null, now: Date): Advance =>
      (row?.count ?? 0) >= 7
        ? { retryAfterMs: 1 }
        : { next: { count: (row?.count ?? 0) + 1, window_ends_at: new Date(now.getTime() + MINUTE).toISOString(), locked_until: null } };
    const results = await Promise.all(Array.from({ length: 25 }, () => advance(t.db.kysely, 'a:burst', upTo7)));
    const taken = results.flatMap((r) => ('next' in r ? [r.next.count] : []));
    expect(taken.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const row = await t.db.kysely.selectFrom('throttles').selectAll().where('key', '=', 'a:burst').executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(7);
  });
});
