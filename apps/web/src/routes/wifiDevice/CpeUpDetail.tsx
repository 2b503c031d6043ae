// /cpe_up_detail?package_id= — one upgrade in full, as the server quotes it (what changes, the
// credit for the unused part of the current package, the difference to pay), paid through the
// shared checkout (pay channels, balance) and ending on the shared result pages. The amount is
// priced again by the server when the order is made, and again when it is delivered.
import { groupCardNumber } from '@portal/domain';
import type { QuoteRequest } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { isRetryable } from '../../lib/api';
import styles from '../../features/commerce/commerce.module.css';
import { Checkout } from '../../features/commerce/components/Checkout';
import { packageIdParam } from '../../features/commerce/model/packages';
import { useCurrentDevice } from '../../features/devices/api/useCurrentDevice';
import { NoDevice } from '../../features/devices/components/views';
import { useUpgradeQuote } from '../../features/upgrade/api/upgrade';
import { UpgradeFigures } from '../../features/upgrade/components/UpgradeFigures';
import { UpgradeRefused } from '../../features/upgrade/components/UpgradeRefused';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { switchCard } from '../../features/cards/model/currentCard';
import { refreshCard } from '../../features/cards/model/refreshCard';
import own from './CpeUp.module.css';

function CpeUpDetailPage() {
  const [params] = useSearchParams();
  const packageId = packageIdParam(params.get('package_id'));
  const { loggedIn, list, device } = useCurrentDevice();
  const qc = useQueryClient();
  const customNum = device?.custom_num;
  const quote = useUpgradeQuote(customNum, packageId);
  const change = quote.data?.upgrade ?? null;

  const request = useMemo<QuoteRequest | null>(
    () => (customNum && change ? { custom_num: customNum, goods_type: 'upgrade', package_id: packageId } : null),
    [customNum, change, packageId],
  );

  const header = <PageHeader title="升级详情" fallback="/cpe_up" />;
  if (!packageId)
    return (
      <div className={styles.page}>
        {header}
        <StateBlock
          kind="empty"
          text="请先选择要升级的套餐"
          action={
            <Link className="app-btn app-btn--primary" to="/cpe_up" replace>
              选择套餐
            </Link>
          }
        />
      </div>
    );
  if (!loggedIn || (list.data && !device))
    return (
      <div className={styles.page}>
        {header}
        <NoDevice loggedIn={loggedIn} />
      </div>
    );
  if (quote.isError)
    return (
      <div className={styles.page}>
        {header}
        {isRetryable(quote.error) ? (
          <LoadFailed text="升级报价加载失败" onRetry={() => quote.refetch()} />
        ) : (
          <StateBlock
            kind="error"
            text="该套餐不可升级"
            action={
              <Link className="app-btn app-btn--primary" to="/cpe_up" replace>
                查看可升级的套餐
              </Link>
            }
          />
        )}
      </div>
    );
  if (!quote.data)
    return (
      <div className={styles.page}>
        {header}
        <PageLoading />
      </div>
    );

  const pkg = quote.data.package;
  return (
    <div className={styles.page}>
      {header}
      <section className={`${styles.section} ${styles.hero}`}>
        <div className={styles.row}>
          <span className={styles.name}>升级为 {pkg.name}</span>
        </div>
        {change ? (
          <p className={own.change} data-testid="upgrade-change">
            {change.text}
          </p>
        ) : null}
        {pkg.description ? <p className={styles.meta}>{pkg.description}</p> : null}
      </section>
      {!change ? (
        quote.data.refusal ? (
          <UpgradeRefused refusal={quote.data.refusal} />
        ) : null
      ) : (
        <Checkout
          request={request}
          payLabel="确认升级"
          origin="device"
          beforeTopUp={async () => {
            // 去充值 recharges the current card: make the device's card current first (as /cpe_combo_detail does)
            switchCard(customNum!, local);
            await refreshCard(qc, customNum!).catch(() => undefined);
          }}
        >
          <section className={styles.section} aria-label="升级明细">
            <h2 className={styles.sectionTitle}>升级明细</h2>
            <p className={styles.sum}>
              <span>升级卡号</span>
              <span>{groupCardNumber(customNum ?? '')}</span>
            </p>
            <UpgradeFigures change={change} />
          </section>
        </Checkout>
      )}
    </div>
  );
}

export default withQuery(CpeUpDetailPage);
