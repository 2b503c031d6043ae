// /coupon_package — buy a coupon package: a bundle of vouchers for later package orders.
import type { QuoteRequest } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { useMemo, useState } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useCouponPackages } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import ownStyles from './CouponPackage.module.css';
import { Checkout } from '../../features/commerce/components/Checkout';
import { minSpendLabel, packageTypesLabel } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function CouponPackagePage() {
  const customNum = useStored('customNum');
  const packages = useCouponPackages(customNum);
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = picked ?? packages.data?.list[0]?.id ?? null;
  const request = useMemo<QuoteRequest | null>(
    () => (customNum && chosen ? { custom_num: customNum, goods_type: 'coupon_package', coupon_package_id: chosen } : null),
    [customNum, chosen],
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title="优惠券包"
        fallback="/coupons"
        right={
          <Link className={styles.headerLink} to="/coupons">
            我的券
          </Link>
        }
      />
      {packages.isPending ? (
        <PageLoading />
      ) : packages.isError ? (
        <LoadFailed text="券包加载失败" onRetry={() => packages.refetch()} />
      ) : packages.data.list.length === 0 ? (
        <StateBlock kind="empty" text="暂无在售券包" />
      ) : (
        <>
          <ul className={styles.list} aria-label="券包列表">
            {packages.data.list.map((cp) => (
              <li key={cp.id}>
                <button
                  type="button"
                  className={styles.item}
                  aria-pressed={chosen === cp.id}
                  onClick={() => setPicked(cp.id)}
                  data-testid="coupon-package"
                >
                  <div className={styles.row}>
                    <span className={styles.name}>{cp.name}</span>
                    <span className={styles.price}>
                      <small>¥</small>
                      {formatYuan(cp.price)}
                    </span>
                  </div>
                  {cp.description ? <p className={styles.desc}>{cp.description}</p> : null}
                  <ul className={ownStyles.bundle}>
                    {cp.vouchers.map((v, i) => (
                      <li key={i} className={ownStyles.bundleItem}>
                        <strong>¥{formatYuan(v.amount)}</strong>
                        <span>
                          {minSpendLabel(v.min_spend, formatYuan)} · {packageTypesLabel(v.package_types)} · {v.valid_days}天有效
                        </span>
                      </li>
                    ))}
                  </ul>
                </button>
              </li>
            ))}
          </ul>
          <Checkout request={request} payLabel="立即购买" />
        </>
      )}
    </div>
  );
}

export default withQuery(CouponPackagePage);
