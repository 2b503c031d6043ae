// 分成与成本价 (docs/decisions/0067-agents-in-levels.md): what a sub-agent pays its parent per package —
// a cost set for the package, or by the share of the parent's margin — never below the parent's own
// cost nor above retail (the server checks it too). Only the parent's side edits; the sub-agent reads.
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Result, Space, Spin, Table, Typography } from 'antd';
import { messageOf } from '../../../lib/api';
import { yuan } from '../../../lib/format';
import { REASON_RULES, toFen } from '../../../lib/zodRule';
import { useSaveSubAgentTerms, useSubAgentTerms, type SubAgentTerms } from '../api/subAgents';
import { bpToPercent, percentToBp, shareText } from '../../../lib/agentLevels';

type Row = SubAgentTerms['packages'][number];

export function TermsTab({ id }: { id: number }) {
  const q = useSubAgentTerms(id);
  if (q.isPending) return <Spin />;
  if (q.error) return <Result status="error" title={messageOf(q.error)} extra={<Button onClick={() => q.refetch()}>重试</Button>} />;
  return <TermsForm terms={q.data} />;
}

function TermsForm({ terms }: { terms: SubAgentTerms }) {
  const save = useSaveSubAgentTerms(terms.id);
  const [costs, setCosts] = useState<Record<number, number | null>>({});
  const [form] = Form.useForm<{ share_percent: number; reason: string }>();
  useEffect(() => setCosts(Object.fromEntries(terms.packages.map((p) => [p.package_id, p.set_cost_fen]))), [terms]);
  const submit = (v: { share_percent: number; reason: string }) =>
    save.mutate({
      id: terms.id,
      share_bp: percentToBp(v.share_percent),
      costs: terms.packages
        .filter((p) => (costs[p.package_id] ?? null) !== p.set_cost_fen)
        .map((p) => ({ package_id: p.package_id, cost_fen: costs[p.package_id] ?? null })),
      reason: v.reason,
    });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph>
        {terms.nickname}（{terms.level_label}）的上级：{terms.parent.nickname}。当前分成比例 {shareText(terms.share_bp)}
        ：未设成本价的套餐，下级成本 = 上级成本 + (零售价 − 上级成本) × (1 − 分成比例)。
      </Typography.Paragraph>
      {!terms.can_edit ? <Alert type="info" showIcon title="下级代理的分成与成本价由其上级设置，此处仅供查看" /> : null}
      {save.error ? <Alert type="error" showIcon title={messageOf(save.error)} /> : null}
      <Table<Row>
        size="small"
        rowKey="package_id"
        pagination={false}
        dataSource={terms.packages}
        locale={{ emptyText: '上级及本级暂无可售套餐' }}
        columns={[
          { title: '套餐', dataIndex: 'name', render: (v: string, r) => `${r.series_name} · ${v}` },
          { title: '零售价', dataIndex: 'retail_fen', align: 'right', render: (v: number) => yuan(v) },
          { title: '上级成本', dataIndex: 'parent_cost_fen', align: 'right', render: (v: number) => yuan(v) },
          {
            title: '单独设定的成本价（元，空 = 按比例）',
            key: 'set',
            width: 220,
            render: (_v, r) => (
              <InputNumber
                aria-label={`${r.name} 成本价`}
                disabled={!terms.can_edit}
                min={0}
                precision={2}
                placeholder="按比例"
                value={costs[r.package_id] === null || costs[r.package_id] === undefined ? null : costs[r.package_id]! / 100}
                onChange={(v) => setCosts((c) => ({ ...c, [r.package_id]: v === null ? null : toFen(v) }))}
              />
            ),
          },
          { title: '下级成本（现行）', dataIndex: 'cost_fen', align: 'right', render: (v: number) => yuan(v) },
          {
            title: '每单：下级得 / 上级得',
            key: 'split',
            align: 'right',
            render: (_v, r) => `${yuan(r.retail_fen - r.cost_fen)} / ${yuan(r.cost_fen - r.parent_cost_fen)}`,
          },
        ]}
      />
      {terms.can_edit ? (
        <Form form={form} layout="inline" onFinish={submit} initialValues={{ share_percent: bpToPercent(terms.share_bp) }}>
          <Form.Item name="share_percent" label="分成比例" rules={[{ required: true, message: '请填写分成比例' }]}>
            <InputNumber min={0} max={100} precision={2} addonAfter="%" />
          </Form.Item>
          <Form.Item name="reason" label="原因" rules={REASON_RULES}>
            <Input style={{ width: 240 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form>
      ) : null}
    </Space>
  );
}
