// 订单查询: the filters, the orders newest first with 加载更多, 导出 CSV; /orders?order=<no> opens an order's drawer.
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { GOODS_TYPE_LABEL } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { urlOf } from '../../../lib/api';
import { labelOf } from '../../../lib/labels';
import { linkColumn, optionsOf, tagOf } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { chinaTime, yuan } from '../../../lib/format';
import { ordersList, type OrderFilter as Filter, type OrderRow as Row } from '../api/getOrders';
import { CHANNEL_OPTIONS, channelName, GOODS_OPTIONS, ORDER_STATES as STATE } from '../model/states';
import { OrderDrawer } from './OrderDrawer';
import * as admin from '@portal/contract/routes/admin';

const stateTag = tagOf(STATE);

interface Fields {
  order_no?: string;
  card?: string;
  mobile?: string;
  state?: string;
  goods_type?: string;
  channel?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function OrderSearch({ canRefund }: { canRefund: boolean }) {
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
        {...ordersList(filter)}
        exportUrl={urlOf(admin.adminOrderExport, filter)}
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
              <Select allowClear style={{ width: 120 }} options={GOODS_OPTIONS} />
            </Form.Item>
            <Form.Item name="channel" label="支付方式">
              <Select allowClear style={{ width: 120 }} options={CHANNEL_OPTIONS} />
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
          { title: '类型', dataIndex: 'goods_type', width: 90, render: (g: string) => labelOf(GOODS_TYPE_LABEL, g) },
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
