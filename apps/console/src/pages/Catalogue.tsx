// 套餐目录: series, packages, coupon packages and first-recharge offers (features/catalogue).
import { CatalogueTabs } from '../features/catalogue/components/CatalogueTabs';

export default function Catalogue() {
  return <CatalogueTabs />;
}
