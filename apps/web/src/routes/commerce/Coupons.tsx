// /coupons and /coupons_list — the card's usable vouchers (and those held by a pending order).
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useVouchers } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import ownStyles from './Coupons.module.css';
import { VoucherCard } from '../../features/commerce/components/VoucherCard';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function CouponsPage() {
  const customNum = useStored('customNum');
  const vouchers = useVouchers(customNum, 'usable');
  return (
    <div className={styles.page}>
      <PageHeader
        title="我的优惠券"
        fallback="/mine"
        right={
          <Link className={styles.headerLink} to="/coupons_expired">
            已失效
          </Link>
        }
      />
      {vouchers.isPending ? (
        <PageLoading />
      ) : vouchers.isError ? (
        <LoadFailed text="优惠券加载失败" onRetry={() => vouchers.refetch()} />
      ) : vouchers.data.list.length === 0 ? (
        <StateBlock
          kind="empty"
          text="暂无可用优惠券"
          action={
            <Link className="app-btn app-btn--primary" to="/coupon_package">
              购买券包
            </Link>
          }
        />
      ) : (
        <>
          <p className={styles.cardLine}>共 {vouchers.data.list.length} 张，下单时可选择使用，每单限用一张</p>
          <div className={`${styles.tickets} ${styles.pad}`} aria-label="可用优惠券">
            {vouchers.data.list.map((v) => (
              <VoucherCard
                key={v.id}
                v={v}
                dim={v.status !== 'usable'}
                right={
                  v.status === 'usable' ? (
                    <Link className={ownStyles.useBtn} to="/combo">
                      去使用
                    </Link>
                  ) : undefined
                }
              />
            ))}
          </div>
          <div className={styles.actions}>
            <Link className="app-btn app-btn--ghost app-btn--block" to="/coupon_package">
              购买券包
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(CouponsPage);
