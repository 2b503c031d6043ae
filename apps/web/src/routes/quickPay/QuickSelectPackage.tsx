// /quick_select_package?custom_num=&package_id= — quick payment: pick a package and a channel, then
// pay at the cashier. No voucher: they are the holder's, used after a login (/quick_coupons_list says so). The price
// and the channels come from the token-less quote (no login, so never the balance). Each package
// says what it does to the card (the server's effect: starts now, queues after the package in
// force, stacks); one that cannot be bought for the card cannot be chosen and says why.
import type { QuoteRequest } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { useMemo } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useQuickPackages } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { Checkout } from '../../features/commerce/components/Checkout';
import { QuickPayCard } from '../../features/commerce/components/QuickPayCard';
import { EffectNote, PackageSummary } from '../../features/commerce/components/PackageSummary';
import { canBuy, proposedPackage, recommendedIn } from '../../features/commerce/model/packages';
import { withQuery } from '../../lib/query';

function QuickSelectPackagePage() {
  const [params, setParams] = useSearchParams();
  const customNum = params.get('custom_num') ?? '';
  const packages = useQuickPackages(customNum);
  const list = packages.data?.list ?? [];
  const pkg = proposedPackage(list, Number(params.get('package_id')) || 0);
  const recommended = recommendedIn(list);
  const packageId = pkg?.id ?? 0;
  const request = useMemo<QuoteRequest | null>(
    () => (pkg ? { custom_num: customNum, goods_type: 'package', package_id: pkg.id, voucher_id: null } : null),
    [customNum, pkg],
  );

  const choose = (id: number) => setParams({ custom_num: customNum, package_id: String(id) }, { replace: true });

  return (
    <QuickPayCard title="选择套餐" customNum={customNum} doing="订购">
      {packages.isPending ? (
        <PageLoading />
      ) : packages.isError ? (
        <LoadFailed text="套餐加载失败" onRetry={() => packages.refetch()} />
      ) : list.length === 0 ? (
        <StateBlock kind="empty" text="该卡暂无可订购的套餐" />
      ) : (
        <>
          <ul className={styles.list} aria-label="套餐列表">
            {list.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={styles.item}
                  aria-pressed={p.id === packageId}
                  disabled={!canBuy(p)}
                  onClick={() => choose(p.id)}
                  data-testid="package"
                >
                  <PackageSummary p={p} recommended={recommended(p)} />
                </button>
              </li>
            ))}
          </ul>
          {pkg ? (
            <section className={styles.section} aria-label="订单信息">
              <p className={styles.sum}>
                <span>套餐</span>
                <span>
                  {pkg.name} ¥{formatYuan(pkg.price)}
                </span>
              </p>
              {pkg.effect ? (
                <div className={styles.sumBlock}>
                  <span className={styles.sumLabel}>生效方式</span>
                  <EffectNote effect={pkg.effect} />
                </div>
              ) : null}
              {pkg.voucher_allowed ? (
                <Link
                  className={styles.pickRow}
                  to={`/quick_coupons_list?custom_num=${encodeURIComponent(customNum)}&package_id=${pkg.id}`}
                  data-testid="voucher-row"
                >
                  <span>优惠券</span>
                  <span className={styles.reason}>
                    登录后可用
                    <span className={styles.chevron}>›</span>
                  </span>
                </Link>
              ) : (
                <p className={styles.sum}>
                  <span>优惠券</span>
                  <span className={styles.reason}>该套餐不可使用优惠券</span>
                </p>
              )}
              <p className={styles.reason} style={{ marginTop: 8 }}>
                免登录支付不支持余额支付和优惠券，如需使用请登录后购买。
              </p>
            </section>
          ) : null}
          <Checkout request={request} payLabel="去支付" quick />
        </>
      )}
    </QuickPayCard>
  );
}

export default withQuery(QuickSelectPackagePage);
