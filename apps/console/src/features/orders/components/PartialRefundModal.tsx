// 部分退款: an amount up to what is left, a required reason, the goods kept; one refund per opened
// form (a request id), so a double click or a retry after a lost answer refunds once
// (docs/decisions/0045-partial-refunds-and-requests.md).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Typography } from 'antd';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { newRequestKey } from '../../../lib/api';
import { ReasonModal } from '../../../components/ReasonModal';
import { sayHeld } from '../../../lib/heldForApproval';
import { yuan } from '../../../lib/format';
import { partialRefund } from '../api/partialRefund';
import { invalidateRefunded } from '../api/refundOrder';
import { channelName } from '../model/states';

export function PartialRefundModal(p: { orderNo: string; payChannel: number; leftFen: number; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [requestId] = useState(() => `prf-${newRequestKey()}`);
  const left = p.leftFen / 100;
  return (
    <ReasonModal<{ amount: number; reason: string }>
      title={`部分退款：${p.orderNo}`}
      okText="确认退款"
      danger
      reasonLabel="退款原因"
      reasonPlaceholder="如：网络故障三天，退还部分费用"
      intro={
        <Typography.Paragraph>
          最多可退 <b>{yuan(p.leftFen)}</b>，原路退回（{channelName(p.payChannel)}
          ），订单权益保留。需要收回权益并全额退款时，请用「全额退款」。
        </Typography.Paragraph>
      }
      onConfirm={(v) => partialRefund(p.orderNo, v, requestId)}
      onDone={(a) => {
        const r = a as AdminAnswerOf<'adminOrderPartialRefund'>;
        // above the refund limit: nothing refunded yet, it waits for another person (docs/decisions/0059)
        if (!sayHeld(modal, r) && 'state' in r) {
          if (r.state === 'pending') void message.warning(`已登记退款 ${yuan(r.amount_fen)}，支付渠道暂未完成，系统将自动重试`);
          else void message.success(r.outcome === 'refunded' ? `已退款 ${yuan(r.amount_fen)}` : '该笔退款此前已完成');
        }
        invalidateRefunded(qc, p.orderNo);
      }}
      onClose={p.onClose}
    >
      <Form.Item
        name="amount"
        label="退款金额（元）"
        rules={[
          { required: true, message: '请填写退款金额' },
          { type: 'number', min: 0.01, message: '退款金额须大于 0' },
          { type: 'number', max: left, message: `退款金额不能超过可退金额 ${left.toFixed(2)} 元` },
        ]}
      >
        <InputNumber style={{ width: 220 }} precision={2} step={1} placeholder={`最多 ${left.toFixed(2)}`} />
      </Form.Item>
    </ReasonModal>
  );
}
