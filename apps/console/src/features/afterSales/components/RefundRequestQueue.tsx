// 退款申请: holders' requests to refund an unused package (docs/decisions/0045), in the one queue shape
// (./RequestQueue). 同意退款 refunds the whole order through the refund service (the package taken
// back, the money the way it came); 驳回 needs a reason the holder reads on the order.
import { Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { RefundRequestStatus as Status } from '@portal/contract/patterns/afterSales';
import { ReasonModal } from '../../../components/ReasonModal';
import { chinaTime, yuan } from '../../../lib/format';
import { approveRefund, refundRequestList, rejectRefund, type RefundRequest as Row } from '../api/requests';
import { REFUND_REQUEST_STATES as STATUS } from '../model/states';
import { answerNote, rejection, RequestQueue, type QueueDecision, type QueueKind } from './RequestQueue';
import { Sub } from './Sub';

const approval: QueueDecision<Row> = {
  label: '同意退款',
  doneText: '已退款',
  dialog: (row, d) => (
    <ReasonModal<{ reason: string }>
      title={`同意退款：${row.order_no}`}
      okText="确认退款"
      danger
      reasonLabel="退款原因"
      reasonPlaceholder="如：核实套餐未使用，同意退款"
      intro={
        <Typography.Paragraph>
          将全额退还 <b>{yuan(row.payable_fen)}</b>（原路退回），并收回该订单的套餐。此操作不可撤销。
        </Typography.Paragraph>
      }
      onConfirm={(v) => approveRefund(row.id, v.reason)}
      onDone={d.onDone}
      onClose={d.onClose}
    />
  ),
};

const goods = (title: string, r: Row) => (
  <>
    {title}
    <Sub>
      实付 {yuan(r.payable_fen)} · 支付于 {chinaTime(r.paid_at)}
    </Sub>
  </>
);

const columns: TableColumnType<Row>[] = [
  { title: '商品', dataIndex: 'title', render: goods },
  { title: '持卡人说明', dataIndex: 'reason', ellipsis: true, render: (reason: string) => reason || '—' },
];

const stateNotes = (r: Row) => [answerNote(r), r.operator_username ? <Sub key="by">处理人 {r.operator_username}</Sub> : null];

const decisions: QueueDecision<Row>[] = [approval, rejection<Row>('退款申请', '如：套餐已开始使用', rejectRefund)];

const refunds: QueueKind<Row, Status> = { name: '退款申请', states: STATUS, list: refundRequestList, columns, stateNotes, decisions };

export function RefundRequestQueue({ canDecide }: { canDecide: boolean }) {
  return <RequestQueue kind={refunds} canDecide={canDecide} />;
}
