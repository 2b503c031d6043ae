// An order's drawer: the order, its payments, the gateway's notifications and refunds (each with its
// amount, reason, who and when); 全额退款 and 部分退款 for those who may.
import { useState } from 'react';
import { Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { GOODS_TYPE_LABEL } from '@portal/contract';
import { labelOf } from '../../../lib/labels';
import { tagOf } from '../../../components/columns';
import { DetailDrawer } from '../../../components/DetailDrawer';
import { chinaTime, yuan } from '../../../lib/format';
import { useOrder } from '../api/getOrder';
import { channelName, NOTIFICATION_OUTCOME_LABEL, ORDER_STATES as STATE, REFUND_KIND_LABEL } from '../model/states';
import { RefundModal } from './RefundModal';
import { PartialRefundModal } from './PartialRefundModal';

import { RevealContact } from '../../../components/RevealContact';
import { revealOrderMobile } from '../api/revealOrderMobile';

const stateTag = tagOf(STATE);

export function OrderDrawer({ orderNo, onClose, canRefund }: { orderNo: string; onClose: () => void; canRefund: boolean }) {
  const q = useOrder(orderNo);
  const [refunding, setRefunding] = useState(false);
  const [partly, setPartly] = useState(false);
  return (
    <DetailDrawer width={760} title={`订单 ${orderNo}`} query={q} onClose={onClose} pending={<Typography.Text>加载中…</Typography.Text>}>
      {(d) => (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="状态">{stateTag(d.order.state)}</Descriptions.Item>
            <Descriptions.Item label="卡号">{d.order.custom_num}</Descriptions.Item>
            <Descriptions.Item label="商品">{d.order.title}</Descriptions.Item>
            <Descriptions.Item label="类型">{labelOf(GOODS_TYPE_LABEL, d.order.goods_type)}</Descriptions.Item>
            <Descriptions.Item label="订单金额">{yuan(d.order.total_fen)}</Descriptions.Item>
            <Descriptions.Item label="优惠">{yuan(d.order.discount_fen)}</Descriptions.Item>
            <Descriptions.Item label="实付">{yuan(d.order.payable_fen)}</Descriptions.Item>
            <Descriptions.Item label="支付方式">{channelName(d.order.pay_channel)}</Descriptions.Item>
            <Descriptions.Item label="用户手机号">
              <RevealContact value={d.order.user_mobile} reveal={(reason) => revealOrderMobile(d.order.order_no, reason)} />
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{chinaTime(d.order.created_at)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{chinaTime(d.order.paid_at)}</Descriptions.Item>
            <Descriptions.Item label="关闭时间">{chinaTime(d.order.closed_at)}</Descriptions.Item>
            {d.refunded_fen > 0 ? (
              <>
                <Descriptions.Item label="已部分退款">{yuan(d.refunded_fen)}</Descriptions.Item>
                <Descriptions.Item label="剩余可退">{yuan(d.refundable_left_fen)}</Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
          {canRefund && d.refundable ? (
            <Space style={{ marginTop: 12 }}>
              <Button danger onClick={() => setRefunding(true)}>
                全额退款
              </Button>
              {d.refundable_left_fen > 0 ? <Button onClick={() => setPartly(true)}>部分退款</Button> : null}
            </Space>
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
              { title: '结果', dataIndex: 'outcome', render: (o: string) => labelOf(NOTIFICATION_OUTCOME_LABEL, o) },
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
              { title: '类型', dataIndex: 'kind', render: (k: string) => labelOf(REFUND_KIND_LABEL, k) },
              { title: '金额', dataIndex: 'amount_fen', render: (f: number) => yuan(f) },
              { title: '原因', dataIndex: 'reason' },
              { title: '退款人', dataIndex: 'operator_username', render: (u: string) => u || '命令行' },
              {
                title: '状态',
                dataIndex: 'state',
                render: (s: string) => (s === 'done' ? <Tag color="green">已完成</Tag> : <Tag color="gold">处理中</Tag>),
              },
              { title: '时间', dataIndex: 'created_at', render: (v: string) => chinaTime(v) },
            ]}
          />
          {refunding ? <RefundModal order={d.order} leftFen={d.refundable_left_fen} onClose={() => setRefunding(false)} /> : null}
          {partly ? (
            <PartialRefundModal
              orderNo={d.order.order_no}
              payChannel={d.order.pay_channel}
              leftFen={d.refundable_left_fen}
              onClose={() => setPartly(false)}
            />
          ) : null}
        </>
      )}
    </DetailDrawer>
  );
}
