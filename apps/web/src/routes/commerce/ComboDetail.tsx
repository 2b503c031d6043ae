// /combo_detail?package_id= — one package for the current card, ordered and paid
// (features/commerce/components/PackageOrder). /combo_detail?restore=1 — a diagnosis fix's page: the
// package proposed first (the cheapest that brings a stopped line back today), one tap from the
// cashier (decision 0070).
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import styles from '../../features/commerce/commerce.module.css';
import { PackageOrder } from '../../features/commerce/components/PackageOrder';
import { usePackages } from '../../features/commerce/api/commerce';
import { packageIdParam, proposedPackage } from '../../features/commerce/model/packages';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function ComboDetailPage() {
  const [params] = useSearchParams();
  const chosenId = packageIdParam(params.get('package_id'));
  const restore = !chosenId && params.get('restore') === '1';
  const customNum = useStored('customNum');
  const list = usePackages(restore ? customNum : undefined);
  const packageId = chosenId || (restore ? (proposedPackage(list.data?.list ?? [], 0)?.id ?? 0) : 0);
  return (
    <div className={styles.page}>
      <PageHeader title="套餐订购" fallback="/combo" />
      {restore && list.isPending ? (
        <PageLoading />
      ) : restore && list.isError ? (
        <LoadFailed text="套餐加载失败" onRetry={() => list.refetch()} />
      ) : packageId ? (
        <PackageOrder customNum={customNum} packageId={packageId} listPath="/combo" />
      ) : (
        <StateBlock
          kind="empty"
          text="还没有选择套餐，请先在套餐列表中选择"
          action={
            <Link className="app-btn app-btn--primary" to="/combo" replace>
              选择套餐
            </Link>
          }
        />
      )}
    </div>
  );
}

export default withQuery(ComboDetailPage);
