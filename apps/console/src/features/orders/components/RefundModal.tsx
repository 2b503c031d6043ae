// 退款: the amount and channel said before, a required reason, one refund however often it is confirmed.
import { useQueryClient } from '@tanstack/react-query';
import { App, Typography } from 'antd';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { ReasonModal } from '../../../components/ReasonModal';
import { sayHeld } from '../../../lib/heldForApproval';
import { yuan } from '../../../lib/format';
import type { OrderRow as Row } from '../api/getOrders';
import { invalidateRefunded, refundOrder } from '../api/refundOrder';
import { channelName } from '../model/states';

/** `leftFen`: what earlier partial refunds left to give back (the whole payment when there were none). */
export function RefundModal({ order, leftFen, onClose }: { order: Row; leftFen?: number; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  // one submit at a time: the button is busy until the answer, and the server refunds once anyway
  return (
    <ReasonModal<{ reason: string }>
      title={`退款：${order.order_no}`}
      okText="确认退款"
      danger
      reasonLabel="退款原因"
      reasonPlaceholder="如：客户误购，申请退款"
      intro={
        <Typography.Paragraph>
          将退还 <b>{yuan(leftFen ?? order.payable_fen)}</b>（{channelName(order.pay_channel)}），并收回该订单已发放的权益。此操作不可撤销。
        </Typography.Paragraph>
      }
      onConfirm={(v) => refundOrder(order.order_no, v.reason)}
      onDone={(a) => {
        const r = a as AdminAnswerOf<'adminOrderRefund'>;
        // above the refund limit: nothing refunded yet, it waits for another person (docs/decisions/0059)
        if (!sayHeld(modal, r) && 'outcome' in r)
          void message.success(r.outcome === 'refunded' ? `已退款 ${yuan(r.amount_fen)}` : '该订单此前已退款');
        invalidateRefunded(qc, order.order_no);
      }}
      onClose={onClose}
    />
  );
}
