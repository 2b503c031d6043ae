// /coupons_expired — vouchers that can no longer be used: used or expired.
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useVouchers } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { VoucherCard } from '../../features/commerce/components/VoucherCard';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function CouponsExpiredPage() {
  const customNum = useStored('customNum');
  const vouchers = useVouchers(customNum, 'invalid');
  return (
    <div className={styles.page}>
      <PageHeader title="已失效优惠券" fallback="/coupons" />
      {vouchers.isPending ? (
        <PageLoading />
      ) : vouchers.isError ? (
        <LoadFailed text="优惠券加载失败" onRetry={() => vouchers.refetch()} />
      ) : vouchers.data.list.length === 0 ? (
        <StateBlock
          kind="empty"
          text="没有已使用或已过期的优惠券"
          action={
            <Link className="app-btn app-btn--ghost" to="/coupons">
              查看可用优惠券
            </Link>
          }
        />
      ) : (
        <div className={`${styles.tickets} ${styles.pad}`} aria-label="已失效优惠券">
          {vouchers.data.list.map((v) => (
            <VoucherCard key={v.id} v={v} dim />
          ))}
        </div>
      )}
    </div>
  );
}

export default withQuery(CouponsExpiredPage);
