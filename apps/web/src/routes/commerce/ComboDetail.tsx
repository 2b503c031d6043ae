// /combo_detail?package_id= — one package for the current card, ordered and paid
// (features/commerce/components/PackageOrder).
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import styles from '../../features/commerce/commerce.module.css';
import { PackageOrder } from '../../features/commerce/components/PackageOrder';
import { packageIdParam } from '../../features/commerce/model/packages';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function ComboDetailPage() {
  const [params] = useSearchParams();
  const packageId = packageIdParam(params.get('package_id'));
  const customNum = useStored('customNum');
  return (
    <div className={styles.page}>
      <PageHeader title="套餐订购" fallback="/combo" />
      {packageId ? (
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
