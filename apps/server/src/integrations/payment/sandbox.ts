// The payment sandbox: one simulated gateway for every channel (1 messaging-app pay, 2 e-wallet,
// 4 e-wallet instalment). Its state lives in the database (sim_payments) so several server
// processes share it. Like real gateways, its notifications are signed (HMAC-SHA256), arrive
// after a delay, may arrive several times (notifyCopies) or not at all (dropNotifications, or the
// cashier's "drop" switch) — the server must then find the result with queryPayment.
import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import type { SimPaymentsTable } from '../../db/schema';
import { clock } from '../../lib/clock';
import type {
  CreatePaymentInput,
  CreatedPayment,
  NotificationSink,
  PaymentGateway,
  PaymentStatus,
  RefundInput,
  RefundResult,
  VerifiedNotification,
} from './gateway';
import { PaymentGatewayError } from './gateway';
import { signatureMatches, sign } from './signature';

export interface SandboxOptions {
  secret: string;
  /** delay before the first notification (and between copies) */
  notifyDelayMs: number;
  /** how many times each notification is sent (real gateways repeat until acknowledged) */
  notifyCopies: number;
  /** never send notifications: every order must be settled by a query */
  dropNotifications: boolean;
}

/** A sandbox payment as stored (table sim_payments). */
export type SimPayment = Selectable<SimPaymentsTable>;

const STATE: Record<string, PaymentStatus['state']> = {
  created: 'pending',
  paid: 'paid',
  failed: 'failed',
  closed: 'closed',
  refunded: 'refunded',
};

export class SandboxGateway implements PaymentGateway {
  private sink: NotificationSink | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  /**
   * How many times this process asked about each order (queryPayment, by order number): the test
   * controls show it (GET /sim/pay/queries) so a test can see that the reconciler of several
   * processes asks about a pending order once per tick, not once per process.
   */
  readonly queriesByOrder = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly opts: SandboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  setNotificationSink(sink: NotificationSink): void {
    this.sink = sink;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const paymentId = `sp${randomBytes(12).toString('hex')}`;
    await this.db.kysely
      .insertInto('sim_payments')
      .values({
        payment_id: paymentId,
        order_no: input.orderNo,
        channel: input.channel,
        amount_fen: input.amountFen,
        subject: input.subject,
        merchant: input.merchant,
        return_url: input.returnUrl,
        state: 'created',
        transaction_id: null,
        created_at: clock.iso(),
        finished_at: null,
      })
      .execute();
    return { paymentId, cashierUrl: `/sim/pay/cashier/${paymentId}` };
  }

  async payment(paymentId: string): Promise<SimPayment | undefined> {
    return this.db.kysely.selectFrom('sim_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  }

  async queryPayment(paymentId: string): Promise<PaymentStatus | null> {
    const row = await this.payment(paymentId);
    const key = row?.order_no ?? paymentId;
    this.queriesByOrder.set(key, (this.queriesByOrder.get(key) ?? 0) + 1);
    return row ? statusOf(row) : null;
  }

  async closePayment(paymentId: string): Promise<PaymentStatus | null> {
    await this.db.kysely
      .updateTable('sim_payments')
      .set({ state: 'closed', finished_at: clock.iso() })
      .where('payment_id', '=', paymentId)
      .where('state', '=', 'created')
      .execute();
    const row = await this.payment(paymentId);
    return row ? statusOf(row) : null;
  }

  /**
   * Refund a paid payment, like a real gateway: once per refund number (a repeat answers the first
   * refund), only a paid payment, only its own transaction, never more than was paid in total.
   * The payment's state becomes 'refunded'. One transaction, so two calls at once cannot both pass
   * the "not more than paid" check.
   */
  async refundPayment(input: RefundInput): Promise<RefundResult> {
    if (!Number.isInteger(input.amountFen) || input.amountFen <= 0) throw new PaymentGatewayError('退款金额无效', false);
    return this.db.kysely.transaction().execute(async (trx) => {
      // Lock the payment first (a no-op update; SQLite transactions are serial already), so two
      // refunds of one payment on PostgreSQL check and write one after the other.
      await trx
        .updateTable('sim_payments')
        .set((eb) => ({ state: eb.ref('state') }))
        .where('payment_id', '=', input.paymentId)
        .execute();
      const p = await trx.selectFrom('sim_payments').selectAll().where('payment_id', '=', input.paymentId).executeTakeFirst();
      if (!p || p.order_no !== input.orderNo) throw new PaymentGatewayError('支付单不存在', false);
      const earlier = await trx.selectFrom('sim_refunds').selectAll().where('refund_no', '=', input.refundNo).executeTakeFirst();
      if (earlier) {
        if (earlier.payment_id !== input.paymentId || earlier.amount_fen !== input.amountFen)
          throw new PaymentGatewayError('退款单号已用于其他退款', false);
        return { refundId: earlier.refund_id, state: 'refunded' as const };
      }
      if (p.state !== 'paid' && p.state !== 'refunded') throw new PaymentGatewayError('支付单未支付，无法退款', false);
      if (p.transaction_id !== input.transactionId) throw new PaymentGatewayError('交易号与支付单不符', false);
      const done = await trx
        .selectFrom('sim_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('s'))
        .where('payment_id', '=', p.payment_id)
        .executeTakeFirstOrThrow();
      if (Number(done.s) + input.amountFen > p.amount_fen) throw new PaymentGatewayError('退款金额超过支付金额', false);
      const refundId = `sr${randomBytes(12).toString('hex')}`;
      const nowIso = clock.iso();
      await trx
        .insertInto('sim_refunds')
        .values({
          refund_no: input.refundNo,
          payment_id: p.payment_id,
          amount_fen: input.amountFen,
          refund_id: refundId,
          created_at: nowIso,
        })
        .execute();
      await trx
        .updateTable('sim_payments')
        .set({ state: 'refunded', finished_at: nowIso })
        .where('payment_id', '=', p.payment_id)
        .execute();
      return { refundId, state: 'refunded' as const };
    });
  }

  /**
   * The cashier's buttons. Only an open payment changes (a second click changes nothing); the
   * notification goes out afterwards, asynchronously, unless it is dropped.
   */
  async finish(paymentId: string, outcome: 'pay' | 'fail', o: { drop?: boolean } = {}): Promise<SimPayment | undefined> {
    const paid = outcome === 'pay';
    const res = await this.db.kysely
      .updateTable('sim_payments')
      .set({
        state: paid ? 'paid' : 'failed',
        transaction_id: paid ? `sbx${Date.now().toString(36)}${randomBytes(8).toString('hex')}` : null,
        finished_at: clock.iso(),
      })
      .where('payment_id', '=', paymentId)
      .where('state', '=', 'created')
      .executeTakeFirst();
    const row = await this.payment(paymentId);
    if (row && Number(res.numUpdatedRows) === 1 && !o.drop && !this.opts.dropNotifications) this.scheduleNotifications(row);
    return row;
  }

  /** The signed body a notification of this payment carries (also used by tests to forge/replay). */
  notificationFor(row: SimPayment, overrides: Partial<Record<string, string | number>> = {}): Record<string, string | number> {
    const fields: Record<string, string | number> = {
      payment_id: row.payment_id,
      order_no: row.order_no,
      transaction_id: row.transaction_id ?? `sbxfail${row.payment_id}`,
      amount_fen: row.amount_fen,
      status: row.state === 'paid' ? 'SUCCESS' : 'FAIL',
      notify_time: clock.iso(),
      nonce: randomBytes(8).toString('hex'),
    };
    Object.assign(fields, overrides);
    return { ...fields, sign: sign(fields, this.opts.secret) };
  }

  verifyNotification(_channel: number, body: unknown): VerifiedNotification | null {
    if (!body || typeof body !== 'object') return null;
    const b = body as Record<string, unknown>;
    const fields: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(b)) {
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) fields[k] = v;
      else return null;
    }
    if (typeof b.sign !== 'string' || !signatureMatches(fields, b.sign, this.opts.secret)) return null;
    const amount = Number(b.amount_fen);
    if (
      typeof b.payment_id !== 'string' ||
      typeof b.order_no !== 'string' ||
      typeof b.transaction_id !== 'string' ||
      !Number.isInteger(amount) ||
      (b.status !== 'SUCCESS' && b.status !== 'FAIL')
    )
      return null;
    return {
      paymentId: b.payment_id,
      orderNo: b.order_no,
      transactionId: b.transaction_id,
      amountFen: amount,
      status: b.status === 'SUCCESS' ? 'success' : 'fail',
    };
  }

  /** Stop pending deliveries (server close). */
  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private scheduleNotifications(row: SimPayment): void {
    const copies = Math.max(1, this.opts.notifyCopies);
    for (let i = 0; i < copies; i++) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          void this.deliver(row);
        },
        this.opts.notifyDelayMs * (i + 1),
      );
      timer.unref();
      this.timers.add(timer);
    }
  }

  private async deliver(row: SimPayment): Promise<void> {
    if (!this.sink) return;
    try {
      await this.sink(row.channel, this.notificationFor(row));
    } catch (err) {
      // a real gateway would retry later; the reconciler's query covers a lost notification
      this.log.warn({ err, order_no: row.order_no }, 'sandbox notification not accepted');
    }
  }
}

function statusOf(row: SimPayment): PaymentStatus {
  return {
    paymentId: row.payment_id,
    orderNo: row.order_no,
    state: STATE[row.state] ?? 'pending',
    amountFen: row.amount_fen,
    transactionId: row.transaction_id,
  };
}
