// SQL of the payments module: owns the notification audit log (pay_notifications). The payments
// table is commerce/orders' (the money that paid an order, written in the settling transaction).
import type { NotificationOutcome } from '@portal/contract/admin';
import type { Executor } from '../../../db/executor';

// the outcomes and their words are the contract's (the console's 订单 shows them)
export type { NotificationOutcome };

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
