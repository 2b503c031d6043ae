// 优惠券包: the coupon packages, 新建券包 and 编辑 for the platform.
import { useState } from 'react';
import { urlOf } from '../../../lib/api';
import { yuan } from '../../../lib/format';
import { linkColumn } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { couponPackagesList, type CouponPackage } from '../api/getCouponPackages';
import { vouchersLabel } from '../model/couponForm';
import { CouponModal } from './CouponModal';
import { NewButton, onSaleColumn } from './fields';
import * as admin from '@portal/contract/routes/admin';

export function CouponsTab({ canManage }: { canManage: boolean }) {
  const [edit, setEdit] = useState<Partial<CouponPackage> | null>(null);
  return (
    <>
      <ListPage<CouponPackage>
        card={false}
        name="优惠券包"
        {...couponPackagesList()}
        exportUrl={urlOf(admin.adminExportCouponPackages)}
        empty="暂无优惠券包"
        filters={
          <>
            <NewButton show={canManage} label="新建券包" onClick={() => setEdit({})} />
          </>
        }
        rowKey="id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '代理', dataIndex: 'agent_name', width: 120 },
          { title: '名称', dataIndex: 'name' },
          { title: '售价', dataIndex: 'price_fen', width: 100, align: 'right', render: (f: number) => yuan(f) },
          {
            title: '内含券',
            dataIndex: 'vouchers',
            render: vouchersLabel,
          },
          onSaleColumn,
          ...(canManage ? [linkColumn<CouponPackage>('编辑', setEdit, 90)] : []),
        ]}
      />
      {edit ? <CouponModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}
