// /quick_coupons_list?custom_num=&package_id=&voucher_id= — quick payment: the card's vouchers
// that apply to the chosen package (best first); choosing one goes back to the order.
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useQuickVouchers } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { VoucherCard } from '../../features/commerce/components/VoucherCard';
import { withQuery } from '../../lib/query';

function QuickCouponsListPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const customNum = params.get('custom_num') ?? '';
  const packageId = Number(params.get('package_id')) || 0;
  const current = params.get('voucher_id');
  const vouchers = useQuickVouchers(customNum, packageId);
  const back = (voucherId: number) =>
    navigate(`/quick_select_package?custom_num=${encodeURIComponent(customNum)}&package_id=${packageId}&voucher_id=${voucherId}`, {
      replace: true,
    });

  return (
    <div className={styles.page}>
      <PageHeader
        title="选择优惠券"
        fallback={`/quick_select_package?custom_num=${encodeURIComponent(customNum)}&package_id=${packageId}`}
      />
      {!customNum || !packageId ? (
        <StateBlock kind="empty" text="请先选择套餐" />
      ) : vouchers.isPending ? (
        <PageLoading />
      ) : vouchers.isError ? (
        <LoadFailed text="优惠券加载失败" onRetry={() => vouchers.refetch()} />
      ) : (
        <>
          {vouchers.data.list.length === 0 ? <StateBlock kind="empty" text="该卡暂无可用于此套餐的优惠券" /> : null}
          <div className={`${styles.tickets} ${styles.pad}`} aria-label="可用优惠券">
            {vouchers.data.list.map((v) => {
              const on = current === String(v.id);
              return (
                <VoucherCard
                  key={v.id}
                  v={v}
                  selected={on}
                  onClick={() => back(v.id)}
                  right={<span className={`${styles.radioDot} ${on ? styles.radioDotOn : ''}`} />}
                />
              );
            })}
          </div>
          <div className={styles.actions}>
            <button
              type="button"
              className={`app-btn app-btn--ghost app-btn--block ${styles.noVoucher}`}
              aria-pressed={current === '0'}
              onClick={() => back(0)}
            >
              不使用优惠券
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(QuickCouponsListPage);
