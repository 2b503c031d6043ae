// 套餐: the packages of an agent and a type, 新建套餐 and 编辑 for the platform.
import { useState } from 'react';
import { Space } from 'antd';
import { urlOf } from '../../../lib/api';
import { useOperator } from '../../../lib/session';
import { yuan } from '../../../lib/format';
import { linkColumn } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { PackageTypeFilter, packageTypeColumn } from '../../../components/packageTypes';
import { packagesList, type Package } from '../api/getPackages';
import { flowLabel, periodLabel } from '../model/packageForm';
import { AgentFilter, NewButton, onSaleColumn } from './fields';
import { PackageModal } from './PackageModal';
import * as admin from '@portal/contract/routes/admin';

export function PackagesTab({ canManage }: { canManage: boolean }) {
  const op = useOperator().data;
  const [agent, setAgent] = useState<number | undefined>();
  const [type, setType] = useState<number | undefined>();
  const [edit, setEdit] = useState<Partial<Package> | null>(null);
  return (
    <>
      <ListPage<Package>
        card={false}
        name="套餐"
        {...packagesList({ agent_id: agent, package_type: type })}
        exportUrl={urlOf(admin.adminExportPackages, { agent_id: agent, package_type: type })}
        empty="暂无套餐"
        filters={
          <>
            <Space>
              <AgentFilter show={!!op && op.role !== 'agent_admin' && op.role !== 'finance'} value={agent} onChange={setAgent} />
              <PackageTypeFilter value={type} onChange={setType} />
              <NewButton show={canManage} label="新建套餐" onClick={() => setEdit({})} />
            </Space>
          </>
        }
        rowKey="id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '代理', dataIndex: 'agent_name', width: 110 },
          { title: '系列', dataIndex: 'series_name', width: 130 },
          { title: '名称', dataIndex: 'name' },
          packageTypeColumn,
          { title: '流量', dataIndex: 'flow_mb', width: 100, render: flowLabel },
          { title: '周期', key: 'period', width: 90, render: (_v, r) => periodLabel(r) },
          { title: '零售价', dataIndex: 'retail_fen', width: 100, align: 'right', render: (f: number) => yuan(f) },
          onSaleColumn,
          ...(canManage ? [linkColumn<Package>('编辑', setEdit, 90)] : []),
        ]}
      />
      {edit ? <PackageModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}
