// 订单: search orders (order number, card, mobile, state, goods type, channel, dates), newest first
// with 加载更多 (keyset paging), 导出 CSV with the same filter; a drawer with the order, its
// payments, the gateway notifications and refunds; 退款 with a required reason (finance and the
// platform administrator), through the portal's one refund service. A tab lists late payments.
// /orders?order=<no> opens that order's drawer.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Descriptions, Empty, Form, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { GOODS_TYPE_LABEL, ORDER_STATE_LABEL, ORDER_STATES, type OrderState } from '@portal/contract';
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import { useSearchParams } from 'react-router';
import { call, urlOf } from '../lib/api';
import { RevealContact } from '../lib/RevealContact';
import { linkColumn, optionsOf, tagOf } from '../lib/columns';
import { DetailDrawer } from '../lib/DetailDrawer';
import { LoadError } from '../lib/LoadError';
import { ListPage } from '../lib/ListPage';
import { ReasonModal } from '../lib/ReasonModal';
import { chinaTime, yuan } from '../lib/format';
import { allows, useOperator } from '../lib/session';

type Row = AdminAnswerOf<'adminOrderList'>['items'][number];
type Filter = Omit<AdminInputOf<'adminOrderList'>, 'limit' | 'before_id'>;
interface Fields {
  order_no?: string;
  card?: string;
  mobile?: string;
  state?: string;
  goods_type?: string;
  channel?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const PAGE = 50;
const STATE_COLOR: Record<OrderState, string> = {
  pending: 'gold',
  paid: 'blue',
  fulfilled: 'green',
  closed: 'default',
  failed: 'red',
  refunded: 'purple',
};
const STATE: Record<string, { label: string; color: string }> = Object.fromEntries(
  ORDER_STATES.map((s) => [s, { label: ORDER_STATE_LABEL[s], color: STATE_COLOR[s] }]),
);
const GOODS: Record<string, string> = GOODS_TYPE_LABEL;
const channelName = (c: number) => PAY_CHANNEL_NAME[c as keyof typeof PAY_CHANNEL_NAME] ?? `渠道 ${c}`;
const stateTag = tagOf(STATE);
const OUTCOME: Record<string, string> = {
  credited: '已入账',
  failed: '支付失败',
  duplicate: '重复通知',
  unknown_order: '订单不存在',
  wrong_amount: '金额不符',
  wrong_channel: '渠道不符',
  bad_signature: '签名错误',
  late: '订单关闭后到账',
  ignored: '已忽略',
};

function RefundModal({ order, onClose }: { order: Row; onClose: () => void }) {
  const { message } = App.useApp();
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
          将退还 <b>{yuan(order.payable_fen)}</b>（{channelName(order.pay_channel)}），并收回该订单已发放的权益。此操作不可撤销。
        </Typography.Paragraph>
      }
      onConfirm={(v) => call('adminOrderRefund', { order_no: order.order_no, reason: v.reason })}
      onDone={(a) => {
        const r = a as AdminAnswerOf<'adminOrderRefund'>;
        void message.success(r.outcome === 'refunded' ? `已退款 ${yuan(r.amount_fen)}` : '该订单此前已退款');
        void qc.invalidateQueries({ queryKey: ['orders'] });
        void qc.invalidateQueries({ queryKey: ['order', order.order_no] });
      }}
      onClose={onClose}
    />
  );
}

function OrderDrawer({ orderNo, onClose, canRefund }: { orderNo: string; onClose: () => void; canRefund: boolean }) {
  const q = useQuery({ queryKey: ['order', orderNo], queryFn: () => call('adminOrderDetail', { order_no: orderNo }) });
  const [refunding, setRefunding] = useState(false);
  return (
    <DetailDrawer width={760} title={`订单 ${orderNo}`} query={q} onClose={onClose} pending={<Typography.Text>加载中…</Typography.Text>}>
      {(d) => (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="状态">{stateTag(d.order.state)}</Descriptions.Item>
            <Descriptions.Item label="卡号">{d.order.custom_num}</Descriptions.Item>
            <Descriptions.Item label="商品">{d.order.title}</Descriptions.Item>
            <Descriptions.Item label="类型">{GOODS[d.order.goods_type] ?? d.order.goods_type}</Descriptions.Item>
            <Descriptions.Item label="订单金额">{yuan(d.order.total_fen)}</Descriptions.Item>
            <Descriptions.Item label="优惠">{yuan(d.order.discount_fen)}</Descriptions.Item>
            <Descriptions.Item label="实付">{yuan(d.order.payable_fen)}</Descriptions.Item>
            <Descriptions.Item label="支付方式">{channelName(d.order.pay_channel)}</Descriptions.Item>
            <Descriptions.Item label="用户手机号">
              <RevealContact
                value={d.order.user_mobile}
                reveal={(reason) => call('adminOrderMobileReveal', { order_no: d.order.order_no, reason }).then((a) => a.mobile)}
              />
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{chinaTime(d.order.created_at)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{chinaTime(d.order.paid_at)}</Descriptions.Item>
            <Descriptions.Item label="关闭时间">{chinaTime(d.order.closed_at)}</Descriptions.Item>
          </Descriptions>
          {canRefund && d.refundable ? (
            <Button danger onClick={() => setRefunding(true)}>
              退款
            </Button>
          ) : null}
          <Typography.Title level={5}>支付记录</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.payments}
            locale={{ emptyText: '无支付记录' }}
            columns={[
              { title: '时间', dataIndex: 'created_at', render: (v: string) => chinaTime(v) },
              { title: '渠道', dataIndex: 'channel', render: (c: number) => channelName(c) },
              { title: '交易号', dataIndex: 'transaction_id' },
              { title: '金额', dataIndex: 'amount_fen', render: (f: number) => yuan(f) },
              { title: '来源', dataIndex: 'source' },
              { title: '', dataIndex: 'late', render: (l: boolean) => (l ? <Tag color="orange">关闭后到账</Tag> : null) },
            ]}
          />
          <Typography.Title level={5}>支付通知</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.notifications}
            locale={{ emptyText: '未收到支付通知' }}
            columns={[
              { title: '时间', dataIndex: 'created_at', render: (v: string) => chinaTime(v) },
              { title: '渠道', dataIndex: 'channel', render: (c: number) => channelName(c) },
              { title: '交易号', dataIndex: 'transaction_id' },
              { title: '金额', dataIndex: 'amount_fen', render: (f: number) => yuan(f) },
              { title: '结果', dataIndex: 'outcome', render: (o: string) => OUTCOME[o] ?? o },
            ]}
          />
          <Typography.Title level={5}>退款记录</Typography.Title>
          <Table
            size="small"
            rowKey="refund_no"
            pagination={false}
            dataSource={d.refunds}
            locale={{ emptyText: '无退款' }}
            columns={[
              { title: '退款单号', dataIndex: 'refund_no' },
              { title: '金额', dataIndex: 'amount_fen', render: (f: number) => yuan(f) },
              { title: '原因', dataIndex: 'reason' },
              {
                title: '状态',
                dataIndex: 'state',
                render: (s: string) => (s === 'done' ? <Tag color="green">已完成</Tag> : <Tag color="gold">处理中</Tag>),
              },
              { title: '时间', dataIndex: 'created_at', render: (v: string) => chinaTime(v) },
            ]}
          />
          {refunding ? <RefundModal order={d.order} onClose={() => setRefunding(false)} /> : null}
        </>
      )}
    </DetailDrawer>
  );
}

function OrderSearch({ canRefund }: { canRefund: boolean }) {
  const [filter, setFilter] = useState<Filter>({});
  // /orders?order=<no> opens an order's drawer: a card's story links here
  const [params, setParams] = useSearchParams();
  const open = params.get('order');
  const setOpen = (orderNo: string | null) => setParams(orderNo ? { order: orderNo } : {});
  const search = (v: Fields) =>
    setFilter({
      order_no: v.order_no?.trim() || undefined,
      card: v.card?.trim() || undefined,
      mobile: v.mobile?.trim() || undefined,
      state: v.state as Filter['state'],
      goods_type: v.goods_type as Filter['goods_type'],
      channel: v.channel,
      from: v.range?.[0]?.startOf('day').toISOString(),
      to: v.range?.[1]?.add(1, 'day').startOf('day').toISOString(),
    });
  return (
    <>
      <ListPage<Row>
        card={false}
        name="订单"
        queryKey={['orders', filter]}
        fetchPage={(cursor) => call('adminOrderList', { ...filter, limit: PAGE, ...(cursor ? { before_id: cursor } : {}) })}
        exportUrl={urlOf('adminOrderExport', filter)}
        footnote="导出最多 10,000 行，按当前筛选条件。"
        empty="没有符合条件的订单"
        filters={
          <Form layout="inline" onFinish={search} style={{ rowGap: 12 }}>
            <Form.Item name="order_no" label="订单号">
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="card" label="卡号">
              <Input placeholder="卡号或 ICCID" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="mobile" label="手机号">
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Select allowClear style={{ width: 110 }} options={optionsOf(STATE)} />
            </Form.Item>
            <Form.Item name="goods_type" label="类型">
              <Select allowClear style={{ width: 120 }} options={Object.entries(GOODS).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item name="channel" label="支付方式">
              <Select
                allowClear
                style={{ width: 120 }}
                options={Object.entries(PAY_CHANNEL_NAME).map(([value, label]) => ({ value: Number(value), label }))}
              />
            </Form.Item>
            <Form.Item name="range" label="下单日期">
              <DatePicker.RangePicker />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
            </Space>
          </Form>
        }
        rowKey="id"
        onRowClick={(r) => setOpen(r.order_no)}
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 230 },
          { title: '卡号', dataIndex: 'custom_num', width: 120 },
          { title: '商品', dataIndex: 'title', ellipsis: true },
          { title: '类型', dataIndex: 'goods_type', width: 90, render: (g: string) => GOODS[g] ?? g },
          { title: '实付', dataIndex: 'payable_fen', width: 100, render: (f: number) => yuan(f) },
          { title: '支付方式', dataIndex: 'pay_channel', width: 100, render: (c: number) => channelName(c) },
          { title: '状态', dataIndex: 'state', width: 90, render: stateTag },
          { title: '下单时间', dataIndex: 'created_at', width: 170, render: (v: string) => chinaTime(v) },
          linkColumn<Row>('详情', (r) => setOpen(r.order_no), 80),
        ]}
      />
      {open ? <OrderDrawer key={open} orderNo={open} canRefund={canRefund} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function LatePayments() {
  const q = useQuery({ queryKey: ['late-payments'], queryFn: () => call('adminLatePayments') });
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography.Paragraph type="secondary">订单关闭后才到账、尚未退回的款项。核对后由财务原路退回。</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} href={urlOf('adminExportLatePayments')} download>
          导出 CSV
        </Button>
      </div>
      {q.error ? <LoadError error={q.error} onRetry={() => void q.refetch()} /> : null}
      <Table
        size="small"
        rowKey="payment_id"
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="没有异常到账" /> }}
        columns={[
          { title: '到账时间', dataIndex: 'received_at', render: (v: string) => chinaTime(v) },
          { title: '订单号', dataIndex: 'order_no' },
          { title: '卡号', dataIndex: 'custom_num' },
          { title: '商品', dataIndex: 'title' },
          { title: '订单状态', dataIndex: 'order_state', render: stateTag },
          { title: '渠道', dataIndex: 'channel', render: (c: number) => channelName(c) },
          { title: '金额', dataIndex: 'amount_fen', render: (f: number) => yuan(f) },
          {
            title: '退回',
            dataIndex: 'refund_pending',
            render: (p: boolean) => (p ? <Tag color="gold">退款处理中</Tag> : <Tag color="red">未退回</Tag>),
          },
        ]}
      />
    </>
  );
}

export default function Orders() {
  const op = useOperator().data;
  const canRefund = allows(op, 'refunds.manage');
  const tabs = [{ key: 'orders', label: '订单查询', children: <OrderSearch canRefund={canRefund} /> }];
  if (allows(op, 'ledger.view')) tabs.push({ key: 'late', label: '异常到账', children: <LatePayments /> });
  return (
    <Card>
      <Tabs items={tabs} />
    </Card>
  );
}
