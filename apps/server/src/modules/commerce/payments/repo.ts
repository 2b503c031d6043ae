// SQL of the payments module: owns the notification audit log (pay_notifications). The payments
// table is commerce/orders' (the money that paid an order, written in the settling transaction).
import type { Executor } from '../../../db/executor';

export type NotificationOutcome =
  | 'credited'
  | 'failed'
  | 'duplicate'
  | 'unknown_order'
  | 'wrong_amount'
  | 'wrong_channel'
  | 'bad_signature'
  | 'late'
  | 'ignored';

export async function logNotification(
  db: Executor,
  n: { channel: number; orderNo: string; transactionId: string; amountFen: number; outcome: NotificationOutcome; nowIso: string },
): Promise<void> {
  await db
    .insertInto('pay_notifications')
    .values({
      channel: n.channel,
      order_no: n.orderNo.slice(0, 64),
      transaction_id: n.transactionId.slice(0, 128),
      amount_fen: n.amountFen,
      outcome: n.outcome,
      created_at: n.nowIso,
    })
    .execute();
}
