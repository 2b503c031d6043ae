// SQL of the payments module: the notification audit log (payments themselves are written by
// orders/fulfil.ts inside the settling transaction).
import type { Db } from '../../db/connect';

export type NotificationOutcome = 'credited' | 'failed' | 'duplicate' | 'unknown_order' | 'wrong_amount' | 'wrong_channel' | 'bad_signature' | 'late' | 'ignored';

export async function logNotification(
  db: Db,
  n: { channel: number; orderNo: string; transactionId: string; amountFen: number; outcome: NotificationOutcome; nowIso: string },
): Promise<void> {
  await db.kysely
    .insertInto('pay_notifications')
    .values({ channel: n.channel, order_no: n.orderNo.slice(0, 64), transaction_id: n.transactionId.slice(0, 128), amount_fen: n.amountFen, outcome: n.outcome, created_at: n.nowIso })
    .execute();
}
