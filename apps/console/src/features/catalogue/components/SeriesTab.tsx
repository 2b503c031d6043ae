// 套餐系列: the series, 新建系列 and 编辑 for the platform.
import { useState } from 'react';
import { urlOf } from '../../../lib/api';
import { linkColumn } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { seriesList, type Series } from '../api/getSeries';
import { NewButton } from './fields';
import { SeriesModal } from './SeriesModal';
import * as admin from '@portal/contract/routes/admin';

export function SeriesTab({ canManage }: { canManage: boolean }) {
  const [edit, setEdit] = useState<Partial<Series> | null>(null);
  return (
    <>
      <ListPage<Series>
        card={false}
        name="套餐系列"
        {...seriesList()}
        exportUrl={urlOf(admin.adminExportSeries, {})}
        empty="暂无套餐系列"
        filters={
          <>
            <NewButton show={canManage} label="新建系列" onClick={() => setEdit({})} />
          </>
        }
        rowKey="id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '代理', dataIndex: 'agent_name', width: 140 },
          { title: '名称', dataIndex: 'name' },
          { title: '说明', dataIndex: 'description', ellipsis: true },
          { title: '排序', dataIndex: 'sort', width: 80 },
          { title: '套餐数', dataIndex: 'package_count', width: 90, align: 'right' },
          ...(canManage ? [linkColumn<Series>('编辑', setEdit, 90)] : []),
        ]}
      />
      {edit ? <SeriesModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}
