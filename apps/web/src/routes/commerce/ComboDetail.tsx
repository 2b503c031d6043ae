// /combo_detail?package_id= — one package for the current card, ordered and paid
// (features/commerce/components/PackageOrder).
import { useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import styles from '../../features/commerce/commerce.module.css';
import { PackageOrder } from '../../features/commerce/components/PackageOrder';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function ComboDetailPage() {
  const [params] = useSearchParams();
  const packageId = Number(params.get('package_id')) || 0;
  const customNum = useStored('customNum');
  return (
    <div className={styles.page}>
      <PageHeader title="套餐订购" fallback="/combo" />
      {packageId ? (
        <PackageOrder customNum={customNum} packageId={packageId} listPath="/combo" />
      ) : (
        <StateBlock kind="empty" text="请先选择套餐" />
      )}
    </div>
  );
}

export default withQuery(ComboDetailPage);
