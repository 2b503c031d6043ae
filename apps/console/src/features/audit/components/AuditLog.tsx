// 审计日志: filter by operator, action (picked or typed in Chinese: 停机 finds 停机), object and time;
// newest first, 加载更多 by keyset paging; 导出 CSV with the same filter. Each row's object and
// changes read in words (套餐「月包 30G」, 零售价 ¥29.90 → ¥31.90), the raw record one click away.
// Read only: nothing here changes the log.
import { useState } from 'react';
import { AutoComplete, Button, DatePicker, Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { AUDIT_ACTION_LABEL, AUDIT_ACTIONS, AUDIT_TARGET_LABEL, OPERATOR_ROLE_LABEL } from '@portal/contract/admin';
import { urlOf } from '../../../lib/api';
import { chinaTime } from '../../../lib/format';
import { labelOf } from '../../../lib/labels';
import { ListPage } from '../../../components/ListPage';
import { auditList, type AuditEntry as Entry, type AuditFilter as Filter } from '../api/getAudit';
import { targetText } from '../model/auditChanges';
import { AuditChanges, ChangeSummary } from './AuditChanges';
import * as admin from '@portal/contract/routes/admin';

/** The actions to pick from, by label (the code beside it for those who know it). */
const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: AUDIT_ACTION_LABEL[a], label: `${AUDIT_ACTION_LABEL[a]}（${a}）` }));
/** The object types to pick from: their Chinese name, the code sent. */
const TARGET_OPTIONS = [...new Map(Object.entries(AUDIT_TARGET_LABEL).map(([code, label]) => [label, code])).entries()].map(
  ([label, code]) => ({ value: code, label }),
);
interface Fields {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
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
      exportUrl={urlOf(admin.adminAuditExport, filter)}
      empty="没有符合条件的记录"
      filters={
        <Form layout="inline" onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="action" label="操作">
            <AutoComplete
              options={ACTION_OPTIONS}
              placeholder="如 停机、导出"
              allowClear
              style={{ width: 200 }}
              filterOption={(input, o) =>
                String(o?.label ?? '')
                  .toLowerCase()
                  .includes(input.trim().toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="operator" label="操作人">
            <Input placeholder="用户名" allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="target_type" label="对象类型">
            <Select allowClear showSearch optionFilterProp="label" placeholder="全部" options={TARGET_OPTIONS} style={{ width: 140 }} />
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
        expandable: { expandedRowRender: (e) => <AuditChanges entry={e} /> },
      }}
      columns={[
        { title: '时间', dataIndex: 'at', width: 165, render: (at: string) => chinaTime(at) },
        { title: '操作人', dataIndex: 'operator_username', width: 90 },
        { title: '角色', dataIndex: 'operator_role', width: 96, render: (r: string) => labelOf(OPERATOR_ROLE_LABEL, r) },
        { title: '操作', dataIndex: 'action_label', width: 130, ellipsis: true },
        { title: '对象', key: 'target', width: 170, ellipsis: true, render: (_v, e) => targetText(e, e.names) },
        { title: '变更', key: 'changes', ellipsis: true, render: (_v, e) => <ChangeSummary entry={e} /> },
        { title: '原因', dataIndex: 'reason', width: 120, ellipsis: true, render: (r: string) => r || '—' },
        { title: 'IP', dataIndex: 'ip', width: 110 },
      ]}
    />
  );
}
