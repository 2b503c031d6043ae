// Password hashes made under an older scrypt cost (2^14, before docs/decisions/0022) are made again
// at today's cost when their owner next logs in with the right password: the account login, the
// card-number login and binding a card with its card password. A wrong password changes nothing.
import { CardState } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD_HASH, LEGACY_DEMO_HASHES } from '../src/db/seed';
import { verifyPassword } from '../src/lib/password';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

const OLD_ACCOUNT = LEGACY_DEMO_HASHES.account; // demo1234 at 2^14
const OLD_CARD = LEGACY_DEMO_HASHES.card; // 123456 at 2^14
const saltOf = (hash: string) => hash.split('$')[4];

async function userHash(t: TestApp): Promise<string> {
  const row = await t.db.kysely.selectFrom('users').select('password_hash').where('account', '=', DEMO.account).executeTakeFirstOrThrow();
  return row.password_hash!;
}
async function cardHash(t: TestApp, customNum: string): Promise<string> {
  const row = await t.db.kysely.selectFrom('cards').select('password_hash').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
  return row.password_hash!;
}

describe.each(databases())('password rehash at login on %s', (kind) => {
  const t = useTestApp(kind);

  it('account login: an old 2^14 hash is replaced by one at the configured cost; a wrong password leaves it', async () => {
    await t.db.kysely.updateTable('users').set({ password_hash: OLD_ACCOUNT }).where('account', '=', DEMO.account).execute();
    const wrong = await t.post('/api/v1/login', { login_model: 'account', account: DEMO.account, password: 'demo12345' });
    expect(wrong.json().code).not.toBe(0);
    expect(await userHash(t)).toBe(OLD_ACCOUNT);

    await t.loginAccount();
    const now = await userHash(t);
    expect(now).not.toBe(OLD_ACCOUNT);
    expect(now.startsWith(`scrypt$${2 ** TEST_PASSWORD_HASH_COST}$8$1$`)).toBe(true);
    expect(saltOf(now)).toBe(saltOf(OLD_ACCOUNT));
    expect(await verifyPassword(DEMO.password, now)).toBe(true);
    // the next login verifies the new hash and leaves it alone
    await t.loginAccount();
    expect(await userHash(t)).toBe(now);
  });

  it('card-number login: the card’s old hash is replaced, other cards sharing it are not', async () => {
    await t.db.kysely
      .updateTable('cards')
      .set({ password_hash: OLD_CARD })
      .where('custom_num', 'in', ['1000000001', '1000000002'])
      .execute();
    await t.loginCard('1000000001');
    const now = await cardHash(t, '1000000001');
    expect(now.startsWith(`scrypt$${2 ** TEST_PASSWORD_HASH_COST}$`)).toBe(true);
    expect(await verifyPassword(DEMO.cardPassword, now)).toBe(true);
    expect(await cardHash(t, '1000000002')).toBe(OLD_CARD);
  });

  it('binding a card with its card password rehashes it too', async () => {
    // a card of the demo data with a password, bound to nobody
    const free = await t.db.kysely
      .selectFrom('cards')
      .leftJoin('card_bindings', 'card_bindings.card_id', 'cards.id')
      .select('cards.custom_num')
      .where('card_bindings.card_id', 'is', null)
      .where('cards.password_hash', 'is not', null)
      .where('cards.state', '!=', CardState.Cancelled)
      .orderBy('cards.id')
      .executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('cards').set({ password_hash: OLD_CARD }).where('custom_num', '=', free.custom_num).execute();
    const token = await t.loginAccount();
    const res = await t.post('/api/v1/card/bind', { custom_num: free.custom_num, password: DEMO.cardPassword }, token);
    expect(res.json().code, res.body).toBe(0);
    expect((await cardHash(t, free.custom_num)).startsWith(`scrypt$${2 ** TEST_PASSWORD_HASH_COST}$`)).toBe(true);
  });
});

describe.each(databases())('password rehash at the default cost on %s', (kind) => {
  const t = useTestApp(kind, { passwordHashCost: 17 });

  it('an old demo hash becomes exactly the demo data’s 2^17 hash (same salt), which production still recognises', async () => {
    await t.db.kysely.updateTable('users').set({ password_hash: OLD_ACCOUNT }).where('account', '=', DEMO.account).execute();
    await t.loginAccount();
    expect(await userHash(t)).toBe(DEMO_PASSWORD_HASH);
  });
});
