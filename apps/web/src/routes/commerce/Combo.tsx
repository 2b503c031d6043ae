// /combo?type= — the packages of the current card's series (prices from the server, per agent),
// one tab per package type (features/commerce/components/PackageCatalogue); a multi-series card
// may choose its series first.
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import styles from '../../features/commerce/commerce.module.css';
import { PackageCatalogue } from '../../features/commerce/components/PackageCatalogue';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

const detailPathOf = (id: number) => `/combo_detail?package_id=${id}`;

function ComboPage() {
  const customNum = useStored('customNum');
  const cardInfo = useStored('cardInfo');
  const [params] = useSearchParams();
  const multiSeries = cardInfo?.custom_num === customNum && cardInfo?.multi_series;

  return (
    <div className={styles.page}>
      <PageHeader
        title="订购套餐"
        right={
          multiSeries ? (
            <Link className={styles.headerLink} to="/select?form=combo">
              选择系列
            </Link>
          ) : undefined
        }
      />
      <PackageCatalogue customNum={customNum} initialType={params.get('type')} detailPathOf={detailPathOf} />
    </div>
  );
}

export default withQuery(ComboPage);
