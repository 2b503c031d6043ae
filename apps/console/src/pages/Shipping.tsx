// 发货: paid device (shop) orders — 待发货 oldest first, 已发货, 已签收 — and 发货 with a carrier and a
// tracking number, through the shop's own shipping step. Audited on the server.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Segmented, Typography } from 'antd';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call, messageOf, urlOf } from '../lib/api';
import { ListPage } from '../lib/ListPage';
import { ageOf, chinaTime } from '../lib/format';

type Row = AdminAnswerOf<'adminShopOrderList'>['items'][number];
type ShipState = 'awaiting' | 'shipped' | 'received';
const PAGE = 50;

function ShipModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ carrier: string; tracking_no: string }>();
  const m = useMutation({
    mutationFn: (v: { carrier: string; tracking_no: string }) =>
      call('adminShopOrderShip', { order_no: row.order_no, carrier: v.carrier.trim(), tracking_no: v.tracking_no.trim() }),
    onSuccess: () => {
      void message.success('已发货');
      void qc.invalidateQueries({ queryKey: ['shop-orders'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`发货：${row.order_no}`}
      okText="确认发货"
      cancelText="取消"
      okButtonProps={{ loading: m.isPending }}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => m.mutate(v))}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {row.product} ×{row.quantity}，收件人：{row.receiver} {row.mobile}，{row.address}
      </Typography.Paragraph>
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical">
        <Form.Item name="carrier" label="快递公司" rules={[{ required: true, whitespace: true, message: '请填写快递公司' }]}>
          <Input maxLength={32} placeholder="如：顺丰速运" />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label="快递单号"
          rules={[
            { required: true, whitespace: true, message: '请填写快递单号' },
            { pattern: /^[A-Za-z0-9-]{6,32}$/, message: '快递单号为 6–32 位字母或数字' },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function Shipping() {
  const [state, setState] = useState<ShipState>('awaiting');
  const [shipping, setShipping] = useState<Row | null>(null);
  return (
    <>
      <ListPage<Row>
        name="发货"
        queryKey={['shop-orders', state]}
        fetchPage={(cursor) => call('adminShopOrderList', { ship_state: state, limit: PAGE, ...(cursor ? { after_id: cursor } : {}) })}
        exportUrl={urlOf('adminExportShopOrders', { ship_state: state })}
        empty={state === 'awaiting' ? '没有待发货的订单' : '暂无订单'}
        filters={
          <Segmented<ShipState>
            value={state}
            onChange={setState}
            options={[
              { value: 'awaiting', label: '待发货' },
              { value: 'shipped', label: '已发货' },
              { value: 'received', label: '已签收' },
            ]}
          />
        }
        rowKey="id"
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 200 },
          { title: '商品', key: 'product', width: 180, render: (_v, r) => `${r.product} ×${r.quantity}` },
          { title: '收件人', key: 'to', width: 160, render: (_v, r) => `${r.receiver} ${r.mobile}` },
          { title: '地址', dataIndex: 'address', ellipsis: true },
          ...(state === 'awaiting'
            ? [
                { title: '已等待', dataIndex: 'paid_at', width: 90, render: (v: string | null) => ageOf(v) },
                { title: '付款时间', dataIndex: 'paid_at', key: 'paid', width: 160, render: (v: string | null) => chinaTime(v) },
              ]
            : [
                { title: '快递', key: 'tracking', width: 180, render: (_v: unknown, r: Row) => `${r.carrier} ${r.tracking_no}` },
                { title: '发货时间', dataIndex: 'shipped_at', width: 160, render: (v: string | null) => chinaTime(v) },
              ]),
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_v, r) =>
              r.ship_state === 'awaiting' ? (
                <Button type="link" onClick={() => setShipping(r)}>
                  发货
                </Button>
              ) : (
                <Typography.Text type="secondary">{r.ship_state === 'received' ? '已签收' : '已发货'}</Typography.Text>
              ),
          },
        ]}
      />
      {shipping ? <ShipModal row={shipping} onClose={() => setShipping(null)} /> : null}
    </>
  );
}
