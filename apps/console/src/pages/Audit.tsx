// 审计日志: filter by operator, action, object and time; newest first, 加载更多 by keyset paging;
// 导出 CSV with the same filter. Read only: nothing here changes the log.
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { OPERATOR_ROLE_LABEL, type AdminAnswerOf, type OperatorRole } from '@portal/contract/admin';
import { call, messageOf, urlOf } from '../lib/api';
import { chinaTime } from '../lib/format';

type Entry = AdminAnswerOf<'adminAuditList'>['items'][number];
interface Filter {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
}
interface Fields {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const PAGE = 50;

function json(v: unknown): string {
  return v === null || v === undefined ? '' : JSON.stringify(v);
}

export default function Audit() {
  const [filter, setFilter] = useState<Filter>({});
  const q = useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: ({ pageParam }) => call('adminAuditList', { ...filter, limit: PAGE, ...(pageParam ? { before_id: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];

  const search = (v: Fields) => {
    setFilter({
      operator: v.operator?.trim() || undefined,
      action: v.action?.trim() || undefined,
      target_type: v.target_type?.trim() || undefined,
      target_id: v.target_id?.trim() || undefined,
      from: v.range?.[0]?.startOf('day').toISOString(),
      to: v.range?.[1]?.add(1, 'day').startOf('day').toISOString(),
    });
  };

  return (
    <Card>
      <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="operator" label="操作人">
          <Input placeholder="用户名" allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Input placeholder="如 operator.login" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="target_type" label="对象类型">
          <Input placeholder="如 card" allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="target_id" label="对象编号">
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button icon={<DownloadOutlined />} href={urlOf('adminAuditExport', filter)} download>
            导出 CSV
          </Button>
        </Space>
      </Form>
      {q.error ? <Alert type="error" showIcon title={messageOf(q.error)} style={{ marginBottom: 16 }} /> : null}
      <Table<Entry>
        size="small"
        rowKey="id"
        loading={q.isPending}
        dataSource={rows}
        pagination={false}
        tableLayout="fixed"
        expandable={{
          expandedRowRender: (e) => (
            <Typography.Paragraph style={{ margin: 0 }}>
              变更前：<code>{json(e.before) || '—'}</code>
              <br />
              变更后：<code>{json(e.after) || '—'}</code>
              <br />
              请求编号：{e.request_id}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 180, render: (at: string) => chinaTime(at) },
          { title: '操作人', dataIndex: 'operator_username', width: 110 },
          { title: '角色', dataIndex: 'operator_role', width: 110, render: (r: string) => OPERATOR_ROLE_LABEL[r as OperatorRole] ?? r },
          { title: '操作', dataIndex: 'action_label', width: 140 },
          { title: '对象', key: 'target', width: 160, render: (_v, e) => `${e.target_type} ${e.target_id}`.trim() },
          { title: '原因', dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
          { title: 'IP', dataIndex: 'ip', width: 130 },
        ]}
      />
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        {q.hasNextPage ? (
          <Button onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
            加载更多
          </Button>
        ) : rows.length > 0 ? (
          <Typography.Text type="secondary">共 {rows.length} 条，已全部显示</Typography.Text>
        ) : null}
      </div>
    </Card>
  );
}
