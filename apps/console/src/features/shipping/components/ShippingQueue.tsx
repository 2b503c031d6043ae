// 发货: paid device (shop) orders — 待发货 oldest first, 已发货, 已签收 — and 发货 with a carrier and a
// tracking number, through the shop's own shipping step. Audited on the server.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Typography } from 'antd';
import { SHIP_STATE_LABEL, type ShipState } from '@portal/contract/patterns/shop';
import { urlOf } from '../../../lib/api';
import { labelOf } from '../../../lib/labels';
import { ListPage } from '../../../components/ListPage';
import { ageOf, chinaTime } from '../../../lib/format';
import { ShipModal } from '../../../components/ShipModal';
import { shopOrdersList, type ShopOrderRow as Row } from '../api/getShopOrders';
import { invalidateShopOrders, shipOrder } from '../api/shipOrder';
import { SHIP_STATE_OPTIONS } from '../model/states';
import * as admin from '@portal/contract/routes/admin';

export function ShippingQueue() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [state, setState] = useState<ShipState>('awaiting');
  const [shipping, setShipping] = useState<Row | null>(null);
  return (
    <>
      <ListPage<Row>
        name="发货"
        {...shopOrdersList(state)}
        exportUrl={urlOf(admin.adminExportShopOrders, { ship_state: state })}
        empty={state === 'awaiting' ? '没有待发货的订单' : '暂无订单'}
        filters={<Segmented<ShipState> value={state} onChange={setState} options={SHIP_STATE_OPTIONS} />}
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
                <Typography.Text type="secondary">{labelOf(SHIP_STATE_LABEL, r.ship_state)}</Typography.Text>
              ),
          },
        ]}
      />
      {shipping ? (
        <ShipModal
          title={`发货：${shipping.order_no}`}
          summary={
            <>
              {shipping.product} ×{shipping.quantity}，收件人：{shipping.receiver} {shipping.mobile}，{shipping.address}
            </>
          }
          carrierMaxLength={32}
          onShip={(v) => shipOrder(shipping.order_no, v)}
          onShipped={() => {
            void message.success('已发货');
            void invalidateShopOrders(qc);
          }}
          onClose={() => setShipping(null)}
        />
      ) : null}
    </>
  );
}
