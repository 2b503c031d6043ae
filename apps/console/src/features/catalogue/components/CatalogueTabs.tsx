// 套餐目录: 套餐系列, 套餐 (filtered by type), 优惠券包 and 首充优惠 — the rows the portal's
// catalogue reads. Creating and editing them is the platform's; the others read (an agent
// administrator their agent's rows). Retail prices alone are also on 代理价格.
import { Card, Tabs } from 'antd';
import { allows, useOperator } from '../../../lib/session';
import { CouponsTab } from './CouponsTab';
import { OffersTab } from './OffersTab';
import { PackagesTab } from './PackagesTab';
import { SeriesTab } from './SeriesTab';

export function CatalogueTabs() {
  const op = useOperator().data;
  const canManage = allows(op, 'catalogue.manage');
  return (
    <Card>
      <Tabs
        items={[
          { key: 'series', label: '套餐系列', children: <SeriesTab canManage={canManage} /> },
          { key: 'packages', label: '套餐', children: <PackagesTab canManage={canManage} /> },
          { key: 'coupons', label: '优惠券包', children: <CouponsTab canManage={canManage} /> },
          { key: 'offers', label: '首充优惠', children: <OffersTab canManage={canManage} /> },
        ]}
      />
    </Card>
  );
}
