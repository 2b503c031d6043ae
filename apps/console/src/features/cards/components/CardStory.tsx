// A card's whole story in tabs — info, usage, packages, orders, balance ledger, real-name (masked),
// device, diagnoses, tickets: in the 卡片 page's drawer and on the 卡片档案 page. The story links on:
// an order opens in 订单 (its drawer), a ticket in 工单, for the operators who may open them.
import { Link } from 'react-router';
import { Descriptions, Empty, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import { ORDER_STATE_LABEL } from '@portal/contract';
import { TICKET_STATUS_LABEL, TICKET_CATEGORY_LABEL } from '@portal/contract/patterns/tickets';
import { chinaTime, dataSize, yuan } from '../../../lib/format';
import { labelOf } from '../../../lib/labels';
import { orderPath, ticketPath } from '../../../lib/paths';
import { allows, useOperator } from '../../../lib/session';
import { LoadError } from '../../../components/LoadError';
import { useCardStory, type CardStory as Story } from '../api/getCardStory';
import { CardActions } from './CardActions';

function yesNo(v: boolean, yes: string, no: string) {
  return v ? <Tag color="green">{yes}</Tag> : <Tag>{no}</Tag>;
}

export function StoryView({ card }: { card: string }) {
  const q = useCardStory(card);
  const op = useOperator().data;
  const orderLink = (o: string | null | undefined) => (!o ? '—' : allows(op, 'orders.view') ? <Link to={orderPath(o)}>{o}</Link> : o);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const s: Story = q.data;
  const c = s.card;
  const small = { size: 'small' as const, pagination: false as const, locale: { emptyText: <Empty description="暂无记录" /> } };
  return (
    <>
      <CardActions story={s} />
      <Tabs
        items={[
          {
            key: 'info',
            label: '基本信息',
            children: (
              <Descriptions bordered size="small" column={2}>
                <Descriptions.Item label="卡号">{c.custom_num}</Descriptions.Item>
                <Descriptions.Item label="状态">
                  {c.state_label}
                  {c.stop_reason ? `（运营商原因：${c.stop_reason}）` : ''}
                </Descriptions.Item>
                {/* what the holder's pages say about the line: the one read model (docs/decisions/0029) */}
                <Descriptions.Item label="持卡人看到的问题" span={2}>
                  {s.line.problem ? (
                    <Typography.Text type={s.line.restoring ? 'warning' : 'danger'}>
                      {s.line.problem.title}：{s.line.problem.detail}
                      {s.line.problem.fix ? `（处理：${s.line.problem.fix.text}）` : ''}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="success">正常，可以上网</Typography.Text>
                  )}
                </Descriptions.Item>
                <Descriptions.Item label="当前套餐" span={2}>
                  {s.line.plan
                    ? `${s.line.plan.name}：已用 ${dataSize(s.line.plan.used_kb)} / 共 ${dataSize(s.line.plan.total_kb)}，剩余 ${dataSize(s.line.plan.remaining_kb)}，有效期至 ${s.line.plan.valid_until}`
                    : '没有生效中的套餐'}
                  {s.line.queued.length > 0 ? `；已排队：${s.line.queued.map((q) => q.name).join('、')}` : ''}
                </Descriptions.Item>
                <Descriptions.Item label="ICCID">{c.iccid}</Descriptions.Item>
                <Descriptions.Item label="MSISDN">{c.isdn || '—'}</Descriptions.Item>
                <Descriptions.Item label="IMSI">{c.imsi || '—'}</Descriptions.Item>
                <Descriptions.Item label="代理">{c.agent_name}</Descriptions.Item>
                <Descriptions.Item label="运营商">{c.supplier_label}</Descriptions.Item>
                <Descriptions.Item label="运营商账号">{c.carrier_account}</Descriptions.Item>
                <Descriptions.Item label="平台状态码">{c.carrier_raw_state || '—'}</Descriptions.Item>
                <Descriptions.Item label="套餐系列">{c.package_series.map((p) => p.name).join('、') || '—'}</Descriptions.Item>
                <Descriptions.Item label="余额">{yuan(c.balance_fen)}</Descriptions.Item>
                <Descriptions.Item label="绑定">
                  {s.binding ? `${s.binding.mobile || `用户 ${s.binding.user_id}`}（${chinaTime(s.binding.bound_at)}）` : '未绑定'}
                </Descriptions.Item>
                <Descriptions.Item label="待换卡">{c.need_change_card ? '是' : '否'}</Descriptions.Item>
                <Descriptions.Item label="到期时间">{chinaTime(c.expired_at)}</Descriptions.Item>
                <Descriptions.Item label="创建时间">{chinaTime(c.created_at)}</Descriptions.Item>
                <Descriptions.Item label="导入批次">{c.import_batch_id ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="用量同步">{chinaTime(c.flow_synced_at || null)}</Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'usage',
            label: `用量（${s.usage.length}）`,
            children: (
              <Table
                {...small}
                rowKey="day"
                dataSource={s.usage}
                columns={[
                  { title: '日期', dataIndex: 'day' },
                  { title: '用量', dataIndex: 'used_kb', render: (kb: number) => dataSize(kb) },
                ]}
              />
            ),
          },
          {
            key: 'packages',
            label: `套餐（${s.packages.length}）`,
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={s.packages}
                columns={[
                  { title: '名称', dataIndex: 'name' },
                  { title: '流量', dataIndex: 'total_kb', render: (kb: number) => dataSize(kb) },
                  // a refund ends the package where it started: say so rather than show a zero-length period
                  { title: '生效', dataIndex: 'started_at', render: (v: string, p) => (p.refunded ? <Tag>已退款</Tag> : chinaTime(v)) },
                  { title: '到期', dataIndex: 'expired_at', render: (v: string, p) => (p.refunded ? '—' : chinaTime(v)) },
                  { title: '订单号', dataIndex: 'order_no', render: orderLink },
                ]}
              />
            ),
          },
          {
            key: 'orders',
            label: `订单（${s.orders.length}）`,
            children: (
              <Table
                {...small}
                rowKey="order_no"
                dataSource={s.orders}
                columns={[
                  { title: '订单号', dataIndex: 'order_no', render: orderLink },
                  { title: '商品', dataIndex: 'title' },
                  { title: '应付', dataIndex: 'payable_fen', render: (f: number) => yuan(f) },
                  { title: '状态', dataIndex: 'state', render: (st: string) => labelOf(ORDER_STATE_LABEL, st) },
                  { title: '下单时间', dataIndex: 'created_at', render: chinaTime },
                ]}
              />
            ),
          },
          {
            key: 'ledger',
            label: `余额流水（${s.ledger.length}）`,
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={s.ledger}
                columns={[
                  { title: '时间', dataIndex: 'created_at', render: chinaTime },
                  { title: '金额', dataIndex: 'amount_fen', render: (f: number) => (f > 0 ? '+' : '') + yuan(f) },
                  { title: '余额', dataIndex: 'balance_after_fen', render: (f: number) => yuan(f) },
                  { title: '说明', dataIndex: 'note' },
                  { title: '订单号', dataIndex: 'order_no', render: orderLink },
                ]}
              />
            ),
          },
          {
            key: 'real-name',
            label: '实名',
            children: (
              <Descriptions bordered size="small" column={1}>
                <Descriptions.Item label="平台实名">{yesNo(s.real_name.real_named, '已实名', '未实名')}</Descriptions.Item>
                <Descriptions.Item label="运营商实名">{yesNo(s.real_name.carrier_real_named, '已实名', '未实名')}</Descriptions.Item>
                <Descriptions.Item label="实名人（脱敏）">
                  {s.real_name.holder ? `${s.real_name.holder.name} ${s.real_name.holder.mobile}` : '未登记'}
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'device',
            label: '设备',
            children: s.device ? (
              <Descriptions bordered size="small" column={1}>
                <Descriptions.Item label="设备序列号">{s.device.serial}</Descriptions.Item>
                <Descriptions.Item label="绑定时间">{chinaTime(s.device.bound_at)}</Descriptions.Item>
              </Descriptions>
            ) : (
              <Empty description="未关联设备" />
            ),
          },
          {
            key: 'diagnoses',
            label: `诊断（${s.diagnoses.length}）`,
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={s.diagnoses}
                columns={[
                  { title: '时间', dataIndex: 'created_at', render: chinaTime },
                  { title: '结论', dataIndex: 'headline' },
                  { title: '结果', dataIndex: 'overall' },
                ]}
              />
            ),
          },
          {
            key: 'tickets',
            label: `工单（${s.tickets.length}）`,
            children: (
              <Table
                {...small}
                rowKey="id"
                dataSource={s.tickets}
                columns={[
                  {
                    title: '工单号',
                    dataIndex: 'ticket_no',
                    render: (no: string, t) => (allows(op, 'tickets.manage') ? <Link to={ticketPath(t.id)}>{no}</Link> : no),
                  },
                  { title: '类别', dataIndex: 'category', render: (c: string) => labelOf(TICKET_CATEGORY_LABEL, c) },
                  { title: '状态', dataIndex: 'status', render: (st: string) => labelOf(TICKET_STATUS_LABEL, st) },
                  { title: '提交时间', dataIndex: 'created_at', render: chinaTime },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
