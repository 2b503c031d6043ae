// Fixtures of the refunds held above the refund limit and of second factors
// (docs/decisions/0059-refunds-and-second-factors-held.md), shared by their tests and the matrices.
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { clock } from '../src/lib/clock';
import { base32Decode, hotp, totpStep } from '../src/modules/admin/auth/totp';
import { adminPost } from './adminHelpers';
import type { TestApp } from './harness';

let seq = 0;

/**
 * A paid, undelivered package order written directly, paid from the balance (no gateway): refunded,
 * its money goes back to the card's balance. `payableFen` above ¥1,000 passes the default refund limit.
 */
export async function paidBalanceOrder(t: TestApp, customNum: string, payableFen: number): Promise<string> {
  const card = await t.db.kysely.selectFrom('cards').select('id').where('custom_num', '=', customNum).executeTakeFirstOrThrow();
  const user = await t.db.kysely.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = clock.iso();
  const orderNo = `HO${Date.now()}${++seq}`;
  await t.db.kysely
    .insertInto('orders')
    .values({
      order_no: orderNo,
      card_id: card.id,
      user_id: user.id,
      goods_type: 'package',
      title: '年度大流量套餐',
      package_id: null,
      coupon_package_id: null,
      total_fen: payableFen,
      discount_fen: 0,
      payable_fen: payableFen,
      credit_fen: 0,
      bonus_fen: 0,
      voucher_id: null,
      pay_channel: 3,
      state: 'paid',
      request_id: `r${orderNo}`,
      request_fingerprint: '',
      payment_id: null,
      pay_url: null,
      access_key_hash: '',
      created_at: now,
      expires_at: now,
      paid_at: now,
      fulfilled_at: null,
      closed_at: null,
      last_query_at: null,
      upgrade_add_kb: null,
      upgrade_expired_at: null,
    })
    .execute();
  return orderNo;
}

/** A holder's open refund request of that order: its id. */
export async function openRefundRequest(t: TestApp, orderNo: string): Promise<number> {
  const order = await t.db.kysely.selectFrom('orders').select('card_id').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const r = await t.db.kysely
    .insertInto('refund_requests')
    .values({
      order_no: orderNo,
      card_id: order.card_id,
      reason: '买错了',
      status: 'open',
      answer: '',
      refund_no: null,
      operator_username: '',
      created_at: clock.iso(),
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Turns on the second factor of the operator signed in with `cookie`, as they would from their phone. */
export async function enableTotp(t: TestApp, cookie: string): Promise<void> {
  const enrol = await adminPost(t, '/api/admin/totp/enrol', {}, cookie);
  const secret = enrol.json().data.secret as string;
  const code = hotp(base32Decode(secret), totpStep(Math.floor(clock.now().getTime() / 1000)));
  const res = await adminPost(t, '/api/admin/totp/confirm', { code }, cookie);
  if (res.statusCode !== 200) throw new Error(`TOTP not enabled: ${res.body}`);
}

/** Sets the refund limit; a loosening waits, and `approver` approves it. */
export async function setRefundLimit(t: TestApp, fen: number, admin: string, approver: string): Promise<void> {
  const current = (await t.inject({ method: 'GET', url: '/api/admin/limits', headers: { cookie: admin } })).json().data;
  const res = await adminPost(
    t,
    '/api/admin/limits/save',
    { ...DEFAULT_WRITE_LIMITS, ...current, refund_fen: fen, reason: '调整退款上限' },
    admin,
  );
  const held = res.json().data?.pending_approval;
  if (held) await adminPost(t, '/api/admin/approvals/approve', { id: held.id, reason: '同意' }, approver);
}
