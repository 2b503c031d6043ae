// /combo_detail?package_id= — one package: what it is, a voucher, how to pay.
import type { QuoteRequest } from '@portal/contract';
import { formatDate, formatYuan } from '@portal/domain';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';
import { StateBlock } from '../components/StateBlock';
import { usePackage, useUsableVouchers } from '../features/commerce/api/commerce';
import styles from '../features/commerce/commerce.module.css';
import { Checkout } from '../features/commerce/components/Checkout';
import { flowLabel, PACKAGE_TYPE_LABEL, periodLabel } from '../features/commerce/model/labels';
import { withQuery } from '../lib/query';
import { useStored } from '../lib/useStored';

function ComboDetailPage() {
  const [params] = useSearchParams();
  const packageId = Number(params.get('package_id')) || 0;
  const customNum = useStored('customNum');
  const pkg = usePackage(customNum, packageId);
  const vouchers = useUsableVouchers(pkg.data?.voucher_allowed ? customNum : undefined, packageId);
  // undefined: the best voucher (the list comes best first); null: none
  const [voucherChoice, setVoucherChoice] = useState<number | null | undefined>(undefined);
  const voucherId = voucherChoice === undefined ? (vouchers.data?.list[0]?.id ?? null) : voucherChoice;
  const vouchersSettled = !pkg.data?.voucher_allowed || !vouchers.isPending;

  const request = useMemo<QuoteRequest | null>(
    () => (customNum && pkg.data && vouchersSettled ? { custom_num: customNum, goods_type: 'package', package_id: pkg.data.id, voucher_id: voucherId } : null),
    [customNum, pkg.data, vouchersSettled, voucherId],
  );

  if (!packageId) return <NotChosen />;
  return (
    <div className={styles.page}>
      <PageHeader title="套餐订购" fallback="/combo" />
      {pkg.isPending ? (
        <PageLoading />
      ) : pkg.isError ? (
        <StateBlock kind="error" text="该套餐不可订购" />
      ) : (
        <>
          <section className={styles.section}>
            <div className={styles.row}>
              <span className={styles.name}>{pkg.data.name}</span>
              <span className={styles.price}>¥{formatYuan(pkg.data.price)}</span>
            </div>
            <p className={styles.meta}>
              {PACKAGE_TYPE_LABEL[pkg.data.package_type] ?? '套餐'} · {flowLabel(pkg.data.flow_mb)} · 有效期{periodLabel(pkg.data.period, pkg.data.period_count)}
            </p>
            {pkg.data.description ? <p className={styles.meta}>{pkg.data.description}</p> : null}
            <p className={styles.meta}>卡号 {customNum}</p>
          </section>
          {pkg.data.voucher_allowed ? (
            <section className={styles.section} aria-label="优惠券">
              <h2 className={styles.sectionTitle}>优惠券</h2>
              {(vouchers.data?.list ?? []).map((v) => (
                <label key={v.id} className={styles.option}>
                  <span>
                    {v.name} <span className={styles.reason}>减¥{formatYuan(v.amount)} · {formatDate(v.expires_at)}到期</span>
                  </span>
                  <input type="radio" name="voucher" checked={voucherId === v.id} onChange={() => setVoucherChoice(v.id)} />
                </label>
              ))}
              <label className={styles.option}>
                <span>{vouchers.data?.list.length ? '不使用优惠券' : '暂无可用优惠券'}</span>
                <input type="radio" name="voucher" checked={voucherId === null} onChange={() => setVoucherChoice(null)} />
              </label>
            </section>
          ) : null}
          <Checkout request={request} />
        </>
      )}
    </div>
  );
}

function NotChosen() {
  return (
    <div className={styles.page}>
      <PageHeader title="套餐订购" fallback="/combo" />
      <StateBlock kind="empty" text="请先选择套餐" />
    </div>
  );
}

export default withQuery(ComboDetailPage);
