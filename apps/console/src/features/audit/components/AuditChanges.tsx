// One audit row's before/after in words: a line per field (label, 变更前 → 变更后), the changed ones
// highlighted; the raw JSON as recorded one click away (查看原始记录).
import { useState } from 'react';
import { Button, Table, Typography } from 'antd';
import { auditChanges } from '../model/auditChanges';
import type { AuditEntry } from '../api/getAudit';

const CHANGED_BG = '#fff7e6';

const json = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : JSON.stringify(v, null, 2));

/** The changed fields in one line for the list: 零售价 ¥29.90 → ¥31.90；代理商 … */
export function ChangeSummary({ entry }: { entry: AuditEntry }) {
  const changed = auditChanges(entry, entry.names).filter((c) => c.changed);
  if (changed.length === 0) return <>—</>;
  return (
    <span data-testid="audit-summary" title={changed.map((c) => `${c.label} ${c.before} → ${c.after}`).join('；')}>
      {changed.map((c, i) => (
        <span key={c.key}>
          {i > 0 ? '；' : ''}
          {c.label} {c.before} → <Typography.Text mark>{c.after}</Typography.Text>
        </span>
      ))}
    </span>
  );
}

export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const [showRaw, setShowRaw] = useState(false);
  const rows = auditChanges(entry, entry.names);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="audit-changes">
      {rows.length > 0 ? (
        <Table
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={rows}
          style={{ maxWidth: 900 }}
          onRow={(c) => (c.changed ? { style: { background: CHANGED_BG }, 'data-changed': 'true' } : {})}
          columns={[
            { title: '字段', dataIndex: 'label', width: 180, render: (label: string, c) => (c.changed ? <strong>{label}</strong> : label) },
            {
              title: '变更前',
              dataIndex: 'before',
              render: (v: string) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{v}</span>,
            },
            {
              title: '变更后',
              dataIndex: 'after',
              render: (v: string, c) => (
                <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {c.changed ? <Typography.Text mark>{v}</Typography.Text> : v}
                </span>
              ),
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">此操作没有记录变更内容</Typography.Text>
      )}
      <div>
        请求编号：{entry.request_id}{' '}
        <Button size="small" type="link" onClick={() => setShowRaw((v) => !v)} aria-expanded={showRaw}>
          {showRaw ? '收起原始记录' : '查看原始记录（JSON）'}
        </Button>
      </div>
      {showRaw ? (
        <div style={{ display: 'flex', gap: 16 }} data-testid="audit-raw">
          <div style={{ flex: 1, minWidth: 0 }}>
            变更前：
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{json(entry.before)}</pre>
          </div>
          <div style={{ flex: 1, minWidth: 0 }}>
            变更后：
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{json(entry.after)}</pre>
          </div>
        </div>
      ) : null}
    </div>
  );
}
