// 代理价格: every package × its agent with cost, retail and margin (retail − cost, and its share
// of retail). Retail is the price the portal quotes. An agent administrator sees their agent's
// rows and changes only the retail price; the platform also sets the cost. Retail below cost is
// refused (at the field, and by the server).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { marginOf, type AdminAnswerOf } from '@portal/contract/admin';
import { call, urlOf } from '../lib/api';
import { FormModal } from '../components/FormModal';
import { ListPage } from '../components/ListPage';
import { PackageTypeFilter, packageTypeColumn } from '../components/packageTypes';
import { yuan } from '../lib/format';
import { useOperator } from '../lib/session';
import { RETAIL_RULES, toFen, toYuan } from '../lib/zodRule';

type Row = AdminAnswerOf<'adminPackageList'>['items'][number];

export default function Prices() {
  const op = useOperator().data;
  const [agent, setAgent] = useState<number | undefined>();
  const [type, setType] = useState<number | undefined>();
  const agents = useQuery({ queryKey: ['agents'], queryFn: () => call('adminAgentList'), enabled: op?.role !== 'finance' });
  const [editing, setEditing] = useState<Row | null>(null);
  const canEdit = !!op?.permissions.includes('prices.manage');

  return (
    <Card title="代理价格">
      <ListPage<Row>
        card={false}
        name="代理价格"
        queryKey={['packages', agent, type]}
        fetchPage={() => call('adminPackageList', { agent_id: agent, package_type: type })}
        exportUrl={urlOf('adminExportPrices', { agent_id: agent, package_type: type })}
        empty="暂无套餐"
        filters={
          <>
            <Space>
              {op?.role !== 'agent_admin' ? (
                <Select
                  allowClear
                  placeholder="全部代理"
                  style={{ width: 200 }}
                  value={agent}
                  onChange={setAgent}
                  options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: a.nickname }))}
                />
              ) : null}
              <PackageTypeFilter value={type} onChange={setType} />
            </Space>
          </>
        }
        rowKey="id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '代理', dataIndex: 'agent_name', width: 120 },
          { title: '系列', dataIndex: 'series_name', width: 140 },
          { title: '套餐', dataIndex: 'name' },
          packageTypeColumn,
          { title: '成本价', dataIndex: 'cost_fen', align: 'right', width: 110, render: (f: number) => yuan(f) },
          { title: '零售价', dataIndex: 'retail_fen', align: 'right', width: 110, render: (f: number) => <strong>{yuan(f)}</strong> },
          {
            title: '毛利',
            key: 'margin',
            align: 'right',
            width: 150,
            render: (_v, r) => (
              <Typography.Text type={r.margin_fen < 0 ? 'danger' : undefined}>
                {yuan(r.margin_fen)}
                {r.margin_pct === null ? '' : `（${r.margin_pct}%）`}
              </Typography.Text>
            ),
          },
          { title: '状态', dataIndex: 'on_sale', width: 80, render: (s: boolean) => (s ? <Tag color="green">在售</Tag> : <Tag>下架</Tag>) },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 90,
                  render: (_v: unknown, r: Row) => (
                    <Button type="link" onClick={() => setEditing(r)} aria-label={`调价 ${r.name}`}>
                      调价
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing ? <PriceModal row={editing} canCost={op?.role === 'platform_admin'} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

interface Fields {
  cost: number;
  retail: number;
  reason: string;
}

function PriceModal({ row, canCost, onClose }: { row: Row; canCost: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const cost = Form.useWatch('cost', form) ?? toYuan(row.cost_fen);
  const retail = Form.useWatch('retail', form) ?? toYuan(row.retail_fen);
  const m = useMutation({
    mutationFn: (v: Fields) =>
      call('adminPriceSave', {
        package_id: row.id,
        retail_fen: toFen(v.retail),
        ...(canCost ? { cost_fen: toFen(v.cost) } : {}),
        reason: v.reason,
      }),
    onSuccess: () => {
      message.success('价格已保存，门户即刻按新价格报价');
      void qc.invalidateQueries({ queryKey: ['packages'] });
      onClose();
    },
  });
  const margin = marginOf(toFen(cost), toFen(retail));
  return (
    <FormModal
      title={`调价：${row.agent_name} · ${row.name}`}
      form={form}
      initialValues={{ cost: toYuan(row.cost_fen), retail: toYuan(row.retail_fen) }}
      save={m}
      onClose={onClose}
      reasonLabel="调价原因"
    >
      <Form.Item
        name="cost"
        label="成本价（元）"
        extra={canCost ? undefined : '成本价由平台设置'}
        rules={[{ required: true, message: '请填写成本价' }]}
      >
        <InputNumber min={0} precision={2} disabled={!canCost} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="retail"
        label="零售价（元）"
        dependencies={['cost']}
        rules={[...RETAIL_RULES, { type: 'number', min: 0, message: '零售价不能为负数' }]}
      >
        <InputNumber min={0} precision={2} style={{ width: 200 }} />
      </Form.Item>
      <Typography.Paragraph>
        毛利：{yuan(margin.margin_fen)}
        {margin.margin_pct === null ? '' : `（${margin.margin_pct}%）`}
      </Typography.Paragraph>
    </FormModal>
  );
}
