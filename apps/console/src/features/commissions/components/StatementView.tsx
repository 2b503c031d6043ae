// 月结单: an agent's China-time month — opening balance, order commission, refund reversals,
// adjustments, withdrawals, closing balance — and the month's rows. The same view on the tab and on
// the printable page.
import { Descriptions, Table, Typography } from 'antd';
import { COMMISSION_KIND_LABEL } from '@portal/contract/admin';
import { chinaTime, yuan } from '../../../lib/format';
import { labelOf } from '../../../lib/labels';
import type { CommissionStatement } from '../api/getStatement';
import { signedYuan } from '../model/amount';

export function StatementView({ s }: { s: CommissionStatement }) {
  const t = s.totals;
  return (
    <div data-testid="commission-statement">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {s.agent.nickname} · {s.month} 佣金月结单
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        期间（北京时间）：{chinaTime(s.from)} 至 {chinaTime(s.to)}（不含）
      </Typography.Paragraph>
      <Descriptions bordered size="small" column={4} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="期初余额">{signedYuan(t.opening_fen)}</Descriptions.Item>
        <Descriptions.Item label={`订单佣金（${t.order_count} 笔）`}>{signedYuan(t.orders_fen)}</Descriptions.Item>
        <Descriptions.Item label={`退款冲回（${t.refund_count} 笔）`}>{signedYuan(t.refunds_fen)}</Descriptions.Item>
        <Descriptions.Item label="财务调整">{signedYuan(t.adjustments_fen)}</Descriptions.Item>
        <Descriptions.Item label="提现（扣除退回）">{signedYuan(t.withdrawals_fen)}</Descriptions.Item>
        <Descriptions.Item label="期末余额">
          <b>{signedYuan(t.closing_fen)}</b>
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={s.items}
        locale={{ emptyText: '本月没有佣金记录' }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => chinaTime(v) },
          { title: '类型', dataIndex: 'kind', width: 100, render: (v: string) => labelOf(COMMISSION_KIND_LABEL, v) },
          { title: '订单号', dataIndex: 'order_no', width: 210, render: (v: string) => v || '—' },
          { title: '摘要', dataIndex: 'note', ellipsis: true },
          {
            title: '零售 / 优惠 / 成本',
            key: 'basis',
            width: 200,
            render: (_: unknown, r) => (r.kind === 'order' ? `${yuan(r.retail_fen)} / ${yuan(r.discount_fen)} / ${yuan(r.cost_fen)}` : '—'),
          },
          { title: '金额', dataIndex: 'amount_fen', width: 120, align: 'right', render: (v: number) => signedYuan(v) },
        ]}
      />
    </div>
  );
}
