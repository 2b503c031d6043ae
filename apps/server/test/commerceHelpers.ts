// Shared helpers of the commerce API tests: a second handle on the payment sandbox (same
// database, same secret) that delivers its notifications through the real HTTP route.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../src/context';
import { SandboxGateway } from '../src/integrations/payment/sandbox';
import type { TestApp } from './harness';

const silent = {
  warn() {},
  error() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

export function sandboxOf(t: TestApp): SandboxGateway {
  const g = new SandboxGateway(
    t.db,
    { secret: t.config.paySandboxSecret, notifyDelayMs: 5, notifyCopies: 1, dropNotifications: true },
    silent,
  );
  return g;
}

/** An AppContext over the test app's database, for calling the reconciler directly. */
export function ctxOf(t: TestApp): AppContext {
  return { db: t.db, config: t.config, payments: sandboxOf(t), log: silent } as unknown as AppContext;
}

export function notify(t: TestApp, channel: number, body: Record<string, string | number>) {
  return t.inject({ method: 'POST', url: `/api/v1/pay/notify/${channel}`, payload: body });
}

/**
 * Row counts of the tables that hold money and goods. The notification audit log and the
 * refused-notification counter (throttles) grow on purpose.
 */
export async function businessSnapshot(t: TestApp) {
  const s = await t.snapshot();
  delete (s as Record<string, number>).pay_notifications;
  delete (s as Record<string, number>).throttles;
  const cards = await t.db.kysely
    .selectFrom('cards')
    .select(['custom_num', 'balance_fen', 'order_has_payment', 'expired_at'])
    .orderBy('id')
    .execute();
  const orders = await t.db.kysely.selectFrom('orders').select(['order_no', 'state']).orderBy('id').execute();
  const vouchers = await t.db.kysely.selectFrom('vouchers').select(['id', 'status']).orderBy('id').execute();
  const pkgs = await t.db.kysely.selectFrom('card_packages').select(['id', 'total_kb', 'expired_at']).orderBy('id').execute();
  return { s, cards, orders, vouchers, pkgs };
}

export async function ledgerMatches(t: TestApp, customNum: string): Promise<{ balance: number; sum: number }> {
  const card = await t.db.kysely
    .selectFrom('cards')
    .select(['id', 'balance_fen'])
    .where('custom_num', '=', customNum)
    .executeTakeFirstOrThrow();
  const rows = await t.db.kysely.selectFrom('balance_ledger').select('amount_fen').where('card_id', '=', card.id).execute();
  return { balance: card.balance_fen, sum: rows.reduce((a, r) => a + r.amount_fen, 0) };
}

let seq = 0;
export const rid = () => `req${Date.now().toString(36)}${(seq++).toString(36)}xx`;
