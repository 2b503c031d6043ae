// /quick_select_package?custom_num=&package_id=&voucher_id= — quick payment: pick a package, a
// voucher of the card (on /quick_coupons_list) and a channel, then pay at the cashier. No login,
// so no balance; the quick order's access key is kept in this tab to show its result.
import type { PayChannelOption, PayChannelValue } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';
import { StateBlock } from '../components/StateBlock';
import { createQuickOrder, useQuickPackages, useQuickVouchers } from '../features/commerce/api/commerce';
import styles from '../features/commerce/commerce.module.css';
import { PackageSummary } from '../features/commerce/components/PackageSummary';
import { ChannelPicker } from '../features/commerce/components/ChannelPicker';
import { followPay } from '../features/commerce/components/Checkout';
import { PAY_CHANNEL_LABEL } from '../features/commerce/model/labels';
import { remember } from '../features/commerce/model/sessionKeys';
import { ApiError } from '../lib/api';
import { withQuery } from '../lib/query';
import { local } from '../lib/storage';
import { toast } from '../lib/toast';

// Without a login there is no quote; the gateway channels are offered and the server refuses
// the ones the card's agent has not enabled, with the reason.
const QUICK_CHANNELS: PayChannelOption[] = ([1, 2, 4] as const).map((channel) => ({ channel, name: PAY_CHANNEL_LABEL[channel]!, available: true }));

function QuickSelectPackagePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const customNum = params.get('custom_num') ?? '';
  const packages = useQuickPackages(customNum);
  const list = packages.data?.list ?? [];
  const packageId = Number(params.get('package_id')) || (list.find((p) => p.recommended) ?? list[0])?.id || 0;
  const pkg = list.find((p) => p.id === packageId);
  const vouchers = useQuickVouchers(customNum, packageId, Boolean(pkg?.voucher_allowed));
  // no voucher_id: the best one; 0: none chosen
  const voucherParam = params.get('voucher_id');
  const voucherList = pkg?.voucher_allowed ? (vouchers.data?.list ?? []) : [];
  const voucher = voucherParam === null ? voucherList[0] : voucherList.find((v) => v.id === Number(voucherParam));
  const inApp = local.get('inMessagingApp') === true;
  const [channel, setChannel] = useState<PayChannelValue>(1);
  const [paying, setPaying] = useState(false);
  const ids = useMemo(() => new Map<string, string>(), []);
  const key = JSON.stringify([customNum, packageId, voucher?.id ?? null, channel]);
  if (!ids.has(key)) ids.set(key, crypto.randomUUID());

  const choose = (id: number) => setParams({ custom_num: customNum, package_id: String(id) }, { replace: true });

  const pay = async () => {
    if (!pkg || paying) return;
    setPaying(true);
    try {
      const order = await createQuickOrder({
        custom_num: customNum,
        package_id: pkg.id,
        voucher_id: voucher?.id ?? null,
        pay_channel: channel,
        request_id: ids.get(key)!,
        in_messaging_app: inApp,
      });
      remember('quickOrders', order.order_no, order.access_key);
      followPay(order, navigate, '/quick_payment_success');
    } catch (err) {
      if (!(err instanceof ApiError)) toast('下单失败，请稍后再试');
      setPaying(false);
    }
  };

  if (!customNum) {
    return (
      <div className={styles.page}>
        <PageHeader title="选择套餐" fallback="/quick_payment" />
        <StateBlock kind="empty" text="请先输入卡号" action={<Link className="app-btn app-btn--primary" to="/quick_payment" replace>去输入卡号</Link>} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title="选择套餐" fallback={`/quick_payment?custom_num=${encodeURIComponent(customNum)}`} />
      <p className={styles.cardLine}>
        为卡号 <strong>{customNum}</strong> 订购
      </p>
      {packages.isPending ? (
        <PageLoading />
      ) : packages.isError ? (
        <StateBlock kind="error" text="套餐加载失败" action={<button type="button" className="app-btn app-btn--ghost" onClick={() => packages.refetch()}>重新加载</button>} />
      ) : list.length === 0 ? (
        <StateBlock kind="empty" text="该卡暂无可订购的套餐" />
      ) : (
        <>
          <ul className={styles.list} aria-label="套餐列表">
            {list.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`${styles.item} ${p.id === packageId ? styles.itemActive : ''}`}
                  aria-pressed={p.id === packageId}
                  onClick={() => choose(p.id)}
                  data-testid="package"
                >
                  <PackageSummary p={p} />
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
              {pkg.voucher_allowed ? (
                <Link
                  className={styles.pickRow}
                  to={`/quick_coupons_list?custom_num=${encodeURIComponent(customNum)}&package_id=${pkg.id}${voucher ? `&voucher_id=${voucher.id}` : ''}`}
                  data-testid="voucher-row"
                >
                  <span>优惠券</span>
                  <span className={voucher ? styles.discount : styles.reason}>
                    {vouchers.isPending ? '加载中…' : voucher ? `${voucher.name} -¥${formatYuan(voucher.amount)}` : voucherList.length ? `${voucherList.length}张可用` : '暂无可用'}
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
                实付金额以收银台为准（由服务器按套餐价和优惠券计算）。免登录支付不支持余额支付。
              </p>
            </section>
          ) : null}
          <section className={styles.section} aria-label="支付方式">
            <h2 className={styles.sectionTitle}>支付方式</h2>
            <ChannelPicker channels={QUICK_CHANNELS} value={channel} onChange={setChannel} inMessagingApp={inApp} />
          </section>
          <div className={styles.bar}>
            <span className={styles.barSummary}>
              <span>
                套餐价 <span className={styles.price}>¥{pkg ? formatYuan(pkg.price) : '--'}</span>
              </span>
              <small className={styles.reason}>{voucher ? `优惠券 -¥${formatYuan(voucher.amount)}，` : ''}实付以收银台为准</small>
            </span>
            <button type="button" className="app-btn app-btn--primary" disabled={!pkg || paying || (pkg.voucher_allowed && vouchers.isPending)} onClick={pay}>
              {paying ? '正在下单…' : '去支付'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(QuickSelectPackagePage);
