// The API suite's prepared databases (./templates.ts, made by ./globalSetup.ts): a file gets a
// copy of its own, as separate as a database seeded for it, and only when the copy holds what
// its own seed would have made.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect';
import { DEMO } from '../src/db/seed';
import { databases } from './harness';
import { momentOfPreparedDay, pgDatabase, seedDay, sqliteCopy } from './templates';

const DAY = 86_400_000;

describe('seedDay', () => {
  it.each([
    // a UTC day and a China day: China is 8 hours ahead
    ['2026-12-02T03:00:00Z', '2026-12-02/2026-12-02'],
    ['2026-12-02T16:30:00Z', '2026-12-02/2026-12-03'],
    ['2026-12-31T23:59:00Z', '2026-12-31/2027-01-01'],
    ['2027-01-01T00:00:00Z', '2027-01-01/2027-01-01'],
  ])('%s is %s', (at, day) => {
    expect(seedDay(new Date(at))).toBe(day);
  });
});

async function demoUsers(url: string): Promise<(string | null)[]> {
  const db = await connect(url);
  try {
    const rows = await db.kysely.selectFrom('users').select('account').orderBy('id').execute();
    return rows.map((r) => r.account);
  } finally {
    await db.close();
  }
}

async function addUser(url: string, account: string): Promise<void> {
  const db = await connect(url);
  try {
    await db.kysely
      .insertInto('users')
      .values({ agent_id: 1, mobile: '13900009999', account, password_hash: 'x', created_at: new Date().toISOString() })
      .execute();
  } finally {
    await db.close();
  }
}

describe.each(databases())('a file’s database from the run’s prepared one, on %s', (kind) => {
  const make = (at: Date, movedClock: boolean) =>
    kind === 'postgres'
      ? pgDatabase(at, movedClock)
      : Promise.resolve(sqliteCopy(at, movedClock)).then((c) => ({ ...c, drop: async () => c.remove() }));

  it('is a copy, seeded already, and each copy is the file’s own: a write to one is in no other', async () => {
    const day = momentOfPreparedDay();
    const a = await make(day, false);
    const b = await make(day, false);
    try {
      expect(a.seeded).toBe(true);
      expect(b.seeded).toBe(true);
      expect(a.url).not.toBe(b.url);
      expect(await demoUsers(a.url)).toContain(DEMO.account);
      await addUser(a.url, 'only-in-a');
      expect(await demoUsers(a.url)).toContain('only-in-a');
      expect(await demoUsers(b.url)).not.toContain('only-in-a');
      // and the next copy still starts from the demo data alone
      const c = await make(day, false);
      try {
        expect(await demoUsers(c.url)).not.toContain('only-in-a');
      } finally {
        await c.drop();
      }
    } finally {
      await a.drop();
      await b.drop();
    }
    if (kind === 'sqlite') expect(existsSync(a.url)).toBe(false);
  });

  it('is an empty database to migrate and seed when the file’s clock is moved, or on another day', async () => {
    const day = momentOfPreparedDay().getTime();
    for (const [at, moved] of [
      [new Date(day), true],
      [new Date(day + DAY), false],
      [new Date(day - DAY), false],
    ] as const) {
      const own = await make(at, moved);
      try {
        expect(own.seeded).toBe(false);
        if (kind === 'sqlite') expect(own.url).toBe(':memory:');
        else {
          const db = await connect(own.url);
          try {
            const tables = await db.kysely.introspection.getTables();
            expect(tables).toEqual([]);
          } finally {
            await db.close();
          }
        }
      } finally {
        await own.drop();
      }
    }
  });
});
