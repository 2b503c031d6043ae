// 退款申请: holders' requests to refund an unused package (docs/decisions/0045), oldest first, in the
// operator's agent scope. 同意退款 refunds the whole order through the refund service (the package
// taken back, the money the way it came); 驳回 needs a reason the holder reads on the order.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import type { RefundRequestStatus as Status } from '@portal/contract/patterns/afterSales';
import { ageColumn, StateFilter, tagOf } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { ReasonModal } from '../../../components/ReasonModal';
import { chinaTime, yuan } from '../../../lib/format';
import { orderPath } from '../../../lib/paths';
import { Link } from 'react-router';
import { approveRefund, invalidateAfterSales, refundRequestList, rejectRefund, type RefundRequest as Row } from '../api/requests';
import { REFUND_REQUEST_STATES as STATUS } from '../model/states';
import { Sub } from './Sub';

const statusTag = tagOf(STATUS);

export function RefundRequestQueue({ canDecide }: { canDecide: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status | undefined>('open');
  const [deciding, setDeciding] = useState<{ row: Row; approve: boolean } | null>(null);
  return (
    <>
      <ListPage<Row>
        name="退款申请"
        card={false}
        {...refundRequestList(status)}
        empty="没有退款申请"
        filters={<StateFilter<Status> states={STATUS} value={status} onChange={setStatus} />}
        rowKey="id"
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 190, render: (o: string) => <Link to={orderPath(o)}>{o}</Link> },
          { title: '卡号', dataIndex: 'custom_num', width: 110 },
          {
            title: '商品',
            dataIndex: 'title',
            render: (t: string, r) => (
              <>
                {t}
                <Sub>
                  实付 {yuan(r.payable_fen)} · 支付于 {chinaTime(r.paid_at)}
                </Sub>
              </>
            ),
          },
          { title: '持卡人说明', dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 170,
            render: (s: string, r) => (
              <>
                {statusTag(s)}
                {r.answer ? <Sub>{r.answer}</Sub> : null}
                {r.operator_username ? <Sub>处理人 {r.operator_username}</Sub> : null}
              </>
            ),
          },
          ageColumn<Row>(),
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_v, r) =>
              r.status !== 'open' ? (
                <Typography.Text type="secondary">已处理</Typography.Text>
              ) : canDecide ? (
                <Space size={0}>
                  <Button type="link" onClick={() => setDeciding({ row: r, approve: true })}>
                    同意退款
                  </Button>
                  <Button type="link" danger onClick={() => setDeciding({ row: r, approve: false })}>
                    驳回
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">待财务处理</Typography.Text>
              ),
          },
        ]}
      />
      {deciding ? (
        <ReasonModal<{ reason: string }>
          title={`${deciding.approve ? '同意退款' : '驳回退款申请'}：${deciding.row.order_no}`}
          okText={deciding.approve ? '确认退款' : '确认驳回'}
          danger
          reasonLabel={deciding.approve ? '退款原因' : '驳回原因（持卡人可见）'}
          reasonPlaceholder={deciding.approve ? '如：核实套餐未使用，同意退款' : '如：套餐已开始使用'}
          intro={
            deciding.approve ? (
              <Typography.Paragraph>
                将全额退还 <b>{yuan(deciding.row.payable_fen)}</b>（原路退回），并收回该订单的套餐。此操作不可撤销。
              </Typography.Paragraph>
            ) : null
          }
          onConfirm={(v) => (deciding.approve ? approveRefund(deciding.row.id, v.reason) : rejectRefund(deciding.row.id, v.reason))}
          onDone={() => {
            void message.success(deciding.approve ? '已退款' : '已驳回');
            void invalidateAfterSales(qc);
          }}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}
