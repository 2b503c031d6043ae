// 审计日志: filter by operator, action, object and time; newest first, 加载更多 by keyset paging;
// 导出 CSV with the same filter. Read only: nothing here changes the log.
import { useState } from 'react';
import { Button, DatePicker, Form, Input, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { OPERATOR_ROLE_LABEL } from '@portal/contract/admin';
import { urlOf } from '../../../lib/api';
import { chinaTime } from '../../../lib/format';
import { labelOf } from '../../../lib/labels';
import { ListPage } from '../../../components/ListPage';
import { auditList, type AuditEntry as Entry, type AuditFilter as Filter } from '../api/getAudit';
interface Fields {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function json(v: unknown): string {
  return v === null || v === undefined ? '' : JSON.stringify(v);
}

export function AuditLog() {
  const [filter, setFilter] = useState<Filter>({});

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
    <ListPage<Entry>
      name="审计日志"
      {...auditList(filter)}
      exportUrl={urlOf('adminAuditExport', filter)}
      empty="没有符合条件的记录"
      filters={
        <Form layout="inline" onFinish={search} style={{ rowGap: 12 }}>
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
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Form>
      }
      rowKey="id"
      table={{
        expandable: {
          expandedRowRender: (e) => (
            <Typography.Paragraph style={{ margin: 0 }}>
              变更前：<code>{json(e.before) || '—'}</code>
              <br />
              变更后：<code>{json(e.after) || '—'}</code>
              <br />
              请求编号：{e.request_id}
            </Typography.Paragraph>
          ),
        },
      }}
      columns={[
        { title: '时间', dataIndex: 'at', width: 180, render: (at: string) => chinaTime(at) },
        { title: '操作人', dataIndex: 'operator_username', width: 110 },
        { title: '角色', dataIndex: 'operator_role', width: 110, render: (r: string) => labelOf(OPERATOR_ROLE_LABEL, r) },
        { title: '操作', dataIndex: 'action_label', width: 140 },
        { title: '对象', key: 'target', width: 160, render: (_v, e) => `${e.target_type} ${e.target_id}`.trim() },
        { title: '原因', dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
        { title: 'IP', dataIndex: 'ip', width: 130 },
      ]}
    />
  );
}
