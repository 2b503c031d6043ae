// The package types of spec section 3 as the console's lists show and filter them (套餐, 代理价格,
// 优惠券发放).
import { Select } from 'antd';
import { PACKAGE_TYPE_NAME } from '@portal/contract/admin';

export const PACKAGE_TYPE_OPTIONS = Object.entries(PACKAGE_TYPE_NAME).map(([v, label]) => ({ value: Number(v), label }));

/** 类型: a package's type by name. */
export const packageTypeColumn = {
  title: '类型',
  dataIndex: 'package_type',
  width: 110,
  render: (t: number) => PACKAGE_TYPE_NAME[t] ?? t,
};

/** [全部类型 ▾]: a list's package-type filter. */
export function PackageTypeFilter({ value, onChange }: { value: number | undefined; onChange: (v: number | undefined) => void }) {
  return (
    <Select allowClear placeholder="全部类型" style={{ width: 160 }} value={value} onChange={onChange} options={PACKAGE_TYPE_OPTIONS} />
  );
}
