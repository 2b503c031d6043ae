// The server's card guard (modules/cardRecord/gates.ts) against the demo cards of a real database:
// what the order routes ask before taking money (docs/spec/portal-spec.md §4 "Card gating"), on
// both databases. The rules are
// table-tested in packages/domain/src/cardGate.test.ts; this proves the database side: the card
// row's columns and the agent's balance-recharge switch reach the rule.
import { describe, expect, it } from 'vitest';
import type { Card } from '../src/db/schema';
import { assertNotCancelled, assertPurchasable } from '../src/modules/cardRecord';
import { AppError } from '../src/lib/errors';
import { databases, useTestApp } from './harness';

describe.each(databases())('card guard on %s', (kind) => {
  const t = useTestApp(kind);
  const card = (num: string) => t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();

  async function outcome(c: Card, purchase: 'package' | 'recharge'): Promise<number | 'ok'> {
    try {
      await assertPurchasable(t.db.kysely, c, purchase);
      return 'ok';
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      expect(e.status).toBe(400);
      expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
      return e.code;
    }
  }

  it.each([
    ['1000000001', 'healthy', 'ok', 'ok'],
    ['1000000002', 'no package yet: buying one is the way out', 'ok', 'ok'],
    ['1000000003', 'real-name first, not real-named', 10305, 10305],
    ['1000000004', 'recharge first, pre-store unpaid, channel shown', 10306, 'ok'],
    ['1000000005', 'cancelled', 10301, 10301],
    ['1000000006', 'must replace', 10302, 10302],
    ['1000000007', 'must choose a series', 10303, 10303],
    ['1000000008', 'must give personal information', 10304, 10304],
    ['1000000009', 'NaiZu, not real-named: passes', 'ok', 'ok'],
    ['1000000010', 'Bajun, not real-named', 10305, 10305],
    ['1000000014', 'Telecom, not real-named', 10305, 10305],
  ] as const)('%s (%s): package → %s, recharge → %s', async (num, _what, pkg, recharge) => {
    const c = await card(num);
    expect(await outcome(c, 'package')).toBe(pkg);
    expect(await outcome(c, 'recharge')).toBe(recharge);
  });

  it('reads the agent’s balance-recharge switch: a hidden channel requires no recharge', async () => {
    const c = await card('1000000004');
    const acme = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'acme').executeTakeFirstOrThrow();
    // pre-store mold default follows the agent: demo shows the channel, acme (open_balance_recharge 0) hides it
    expect(await outcome({ ...c, pre_store_mold: 0 }, 'package')).toBe(10306);
    expect(await outcome({ ...c, pre_store_mold: 0, agent_id: acme.id }, 'package')).toBe('ok');
    // mold "recharge" hides it, "balance" shows it, whatever the agent says
    expect(await outcome({ ...c, pre_store_mold: 2 }, 'package')).toBe('ok');
    expect(await outcome({ ...c, pre_store_mold: 3, agent_id: acme.id }, 'package')).toBe(10306);
    // paid, or shown on the card already: nothing to do first
    expect(await outcome({ ...c, balance_order_has_payment: 1 }, 'package')).toBe('ok');
    expect(await outcome({ ...c, pre_store_show: 1 }, 'package')).toBe('ok');
  });

  it('a fake real-name flag counts as not real-named; a verified card passes', async () => {
    const c = await card('1000000001');
    expect(await outcome({ ...c, fake_real_name: 1 }, 'package')).toBe(10305);
    expect(await outcome({ ...c, supplier_auth_state: 0 }, 'recharge')).toBe(10305);
    // recharge-first policy: a purchase may come before real-name
    expect(await outcome({ ...c, supplier_auth_state: 0, real_name_order: 1 }, 'package')).toBe('ok');
  });

  it('assertNotCancelled refuses state 6 only', async () => {
    expect(() => assertNotCancelled({ ...({} as Card), state: 6 })).toThrow(
      expect.objectContaining({ code: 10301, message: '该卡已销户，请联系客服' }),
    );
    for (const state of [0, 1, 2, 3, 4, 5, 7]) expect(() => assertNotCancelled({ ...({} as Card), state })).not.toThrow();
  });
});
