// 异常到账: money that arrived after its order closed and is not returned yet; the finance team returns it.
import { Button, Empty, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { urlOf } from '../../../lib/api';
import { tagOf } from '../../../components/columns';
import { LoadError } from '../../../components/LoadError';
import { chinaTime, yuan } from '../../../lib/format';
import { useLatePayments } from '../api/getLatePayments';
import { channelName, ORDER_STATES as STATE } from '../model/states';
import * as admin from '@portal/contract/routes/admin';

const stateTag = tagOf(STATE);

export function LatePayments() {
  const q = useLatePayments();
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography.Paragraph type="secondary">订单关闭后才到账、尚未退回的款项。核对后由财务原路退回。</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} href={urlOf(admin.adminExportLatePayments)} download>
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
