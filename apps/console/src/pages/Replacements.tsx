// 换卡申请: card replacement applications, oldest first — 发货 (carrier and tracking number, the
// new card's number if known), 完成 once it arrived, 驳回 with a reason. Audited on the server.
import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call, messageOf } from '../lib/api';
import { ageOf, chinaTime } from '../lib/format';

type Row = AdminAnswerOf<'adminReplacementList'>['items'][number];
type Status = 'submitted' | 'shipped' | 'done' | 'rejected';
const STATUS: Record<string, { label: string; color: string }> = {
  submitted: { label: '待发货', color: 'gold' },
  shipped: { label: '已发货', color: 'blue' },
  done: { label: '已完成', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
};
const PAGE = 50;

function MoveModal({ row, to, onClose }: { row: Row; to: 'shipped' | 'rejected'; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ carrier?: string; tracking_no?: string; new_custom_num?: string; reason?: string }>();
  const m = useMutation({
    mutationFn: (v: { carrier?: string; tracking_no?: string; new_custom_num?: string; reason?: string }) =>
      call('adminReplacementMove', {
        id: row.id,
        to,
        carrier: v.carrier?.trim() ?? '',
        tracking_no: v.tracking_no?.trim() ?? '',
        new_custom_num: v.new_custom_num?.trim() ?? '',
        reason: v.reason?.trim() ?? '',
      }),
    onSuccess: () => {
      void message.success(to === 'shipped' ? '已标记发货' : '已驳回');
      void qc.invalidateQueries({ queryKey: ['replacements'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={to === 'shipped' ? `发货：${row.custom_num}` : `驳回换卡申请：${row.custom_num}`}
      okText={to === 'shipped' ? '确认发货' : '确认驳回'}
      cancelText="取消"
      okButtonProps={{ danger: to === 'rejected', loading: m.isPending }}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => m.mutate(v))}
      destroyOnHidden
    >
      {to === 'shipped' ? (
        <Typography.Paragraph type="secondary">
          收件人：{row.receiver_name} {row.receiver_mobile}，{row.address}
        </Typography.Paragraph>
      ) : null}
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical">
        {to === 'shipped' ? (
          <>
            <Form.Item name="carrier" label="快递公司" rules={[{ required: true, whitespace: true, message: '请填写快递公司' }]}>
              <Input maxLength={64} placeholder="如：顺丰速运" />
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
            <Form.Item name="new_custom_num" label="新卡号（可选）">
              <Input maxLength={32} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[
              { required: true, whitespace: true, message: '请填写驳回原因' },
              { min: 2, message: '原因至少 2 个字' },
              { max: 200, message: '原因最多 200 个字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export default function Replacements() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status | undefined>('submitted');
  const [moving, setMoving] = useState<{ row: Row; to: 'shipped' | 'rejected' } | null>(null);
  const q = useInfiniteQuery({
    queryKey: ['replacements', status],
    queryFn: ({ pageParam }) => call('adminReplacementList', { status, limit: PAGE, ...(pageParam ? { after_id: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_after_id ?? undefined,
  });
  const done = useMutation({
    mutationFn: (id: number) => call('adminReplacementMove', { id, to: 'done' }),
    onSuccess: () => {
      void message.success('已标记完成');
      void qc.invalidateQueries({ queryKey: ['replacements'] });
    },
    onError: (e) => void message.error(messageOf(e)),
  });
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <span>状态</span>
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 140 }}
          value={status}
          onChange={(v: Status | undefined) => setStatus(v)}
          options={Object.entries(STATUS).map(([value, s]) => ({ value, label: s.label }))}
        />
      </Space>
      {q.error ? (
        <Alert
          type="error"
          showIcon
          title={messageOf(q.error)}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => q.refetch()}>
              重试
            </Button>
          }
        />
      ) : null}
      <Table<Row>
        size="small"
        rowKey="id"
        loading={q.isPending}
        dataSource={rows}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: <Empty description="没有换卡申请" /> }}
        columns={[
          { title: '卡号', dataIndex: 'custom_num', width: 120 },
          { title: '收件人', key: 'to', width: 170, render: (_v, r) => `${r.receiver_name} ${r.receiver_mobile}` },
          { title: '地址', dataIndex: 'address', ellipsis: true },
          { title: '原因', dataIndex: 'reason', width: 120, ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 200,
            render: (s: string, r) => (
              <>
                <Tag color={STATUS[s]?.color}>{STATUS[s]?.label ?? s}</Tag>
                {r.tracking_no ? (
                  <Typography.Text type="secondary">
                    {r.carrier} {r.tracking_no}
                  </Typography.Text>
                ) : null}
                {r.reject_reason ? <Typography.Text type="secondary">{r.reject_reason}</Typography.Text> : null}
              </>
            ),
          },
          {
            title: '已等待',
            dataIndex: 'created_at',
            key: 'age',
            width: 80,
            render: (v: string) => <span title={chinaTime(v)}>{ageOf(v)}</span>,
          },
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_v, r) =>
              r.status === 'submitted' ? (
                <Space size={0}>
                  <Button type="link" onClick={() => setMoving({ row: r, to: 'shipped' })}>
                    发货
                  </Button>
                  <Button type="link" danger onClick={() => setMoving({ row: r, to: 'rejected' })}>
                    驳回
                  </Button>
                </Space>
              ) : r.status === 'shipped' ? (
                <Popconfirm title="确认用户已收到新卡？" okText="完成" cancelText="取消" onConfirm={() => done.mutate(r.id)}>
                  <Button type="link">完成</Button>
                </Popconfirm>
              ) : (
                <Typography.Text type="secondary">已处理</Typography.Text>
              ),
          },
        ]}
      />
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        {q.hasNextPage ? (
          <Button onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
            加载更多
          </Button>
        ) : null}
      </div>
      {moving ? <MoveModal row={moving.row} to={moving.to} onClose={() => setMoving(null)} /> : null}
    </Card>
  );
}
