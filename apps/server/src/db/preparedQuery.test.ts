import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from './connect';
import { migrate } from './migrate';
import { preparedQuery } from './preparedQuery';

describe('preparedQuery', () => {
  let db: Db;
  beforeAll(async () => {
    db = await connect(':memory:');
    await migrate(db);
    await db.kysely
      .insertInto('throttles')
      .values([
        { key: 'a', count: 1, window_ends_at: '2026-01-01', locked_until: null },
        { key: 'b', count: 2, window_ends_at: '2026-01-02', locked_until: null },
        { key: 'c', count: 3, window_ends_at: '2026-01-03', locked_until: '2026-02-01' },
      ])
      .execute();
  });
  afterAll(() => db.close());

  it('compiles once and runs with each call’s own values, in the right places', async () => {
    let builds = 0;
    const q = preparedQuery((k, key: string, min: number) => {
      builds++;
      return k.selectFrom('throttles').select(['key', 'count']).where('count', '>=', min).where('key', '<>', key).orderBy('key');
    });
    expect(await q(db.kysely, 'a', 1)).toEqual([
      { key: 'b', count: 2 },
      { key: 'c', count: 3 },
    ]);
    expect(await q(db.kysely, 'c', 2)).toEqual([{ key: 'b', count: 2 }]);
    expect(await q(db.kysely, 'zzz', 9)).toEqual([]);
    // inside a transaction too
    expect(await db.kysely.transaction().execute((trx) => q(trx, 'b', 0))).toHaveLength(2);
    expect(builds).toBe(1);
  });

  it('refuses a query that inlines an argument instead of passing it as a parameter', async () => {
    const q = preparedQuery((k, key: string) => k.selectFrom('throttles').select('key').where('key', '=', sql.lit(key)));
    await expect(q(db.kysely, 'a')).rejects.toThrow(/^preparedQuery: an argument is used as something other than a value/);
    // one that ignores an argument is refused as well
    const ignores = preparedQuery((k, _key: string) => k.selectFrom('throttles').select('key'));
    await expect(ignores(db.kysely, 'a')).rejects.toThrow(/1 argument\(s\) did not become parameters/);
  });

  it('answers a read at once outside a transaction, and never reads another caller’s uncommitted rows', async () => {
    const q = preparedQuery((k, key: string) => k.selectFrom('throttles').select('count').where('key', '=', key));
    // outside a transaction: the embedded database answers without the driver's queue (./readNow)
    const adapter = db.kysely.getExecutor().adapter as unknown as { readNow(...a: unknown[]): unknown };
    const readNow = adapter.readNow.bind(adapter);
    let direct = 0;
    adapter.readNow = (...a: unknown[]) => (direct++, readNow(...a));
    try {
      expect(await q(db.kysely, 'a')).toEqual([{ count: 1 }]);
      expect(direct).toBe(1);
    } finally {
      adapter.readNow = readNow;
    }
    // a transaction holds the one connection across awaits with a write not yet committed: a read
    // from elsewhere waits for it, and after its rollback sees the old value, never the 99
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const trx = db.kysely
      .transaction()
      .execute(async (t) => {
        await t.updateTable('throttles').set({ count: 99 }).where('key', '=', 'a').execute();
        await held;
        throw new Error('rolled back');
      })
      .catch((e: Error) => e.message);
    await new Promise((r) => setTimeout(r, 10));
    let answered: unknown;
    const read = q(db.kysely, 'a').then((rows) => (answered = rows));
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBeUndefined();
    release();
    expect(await trx).toBe('rolled back');
    await read;
    expect(answered).toEqual([{ count: 1 }]);
  });
});
