// 代理价格: every package × its agent with cost, retail and margin (retail − cost, and its share
// of retail). Retail is the price the portal quotes. An agent administrator sees their agent's
// rows and changes only the retail price; the platform also sets the cost. Retail below cost is
// refused (at the field, and by the server).
import { useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { urlOf } from '../../../lib/api';
import { ListPage } from '../../../components/ListPage';
import { PackageTypeFilter, packageTypeColumn } from '../../../components/packageTypes';
import { yuan } from '../../../lib/format';
import { useOperator } from '../../../lib/session';
import { packagesList, type Package as Row } from '../api/getPackages';
import { AgentFilter } from './fields';
import { PriceModal } from './PriceModal';
import * as admin from '@portal/contract/routes/admin';

export function PriceList() {
  const op = useOperator().data;
  const [agent, setAgent] = useState<number | undefined>();
  const [type, setType] = useState<number | undefined>();
  const [editing, setEditing] = useState<Row | null>(null);
  const canEdit = !!op?.permissions.includes('prices.manage');

  return (
    <Card title="代理价格">
      <ListPage<Row>
        card={false}
        name="代理价格"
        {...packagesList({ agent_id: agent, package_type: type })}
        exportUrl={urlOf(admin.adminExportPrices, { agent_id: agent, package_type: type })}
        empty="暂无套餐"
        filters={
          <>
            <Space>
              <AgentFilter show={!!op && op.role !== 'agent_admin' && op.role !== 'finance'} value={agent} onChange={setAgent} />
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
