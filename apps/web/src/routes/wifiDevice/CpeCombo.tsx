// /cpe_combo?type= — the plans of the current device's card: the portal's package list
// (features/commerce PackageCatalogue) for that card, whichever card is current in the portal;
// each leads to /cpe_combo_detail.
import { groupCardNumber } from '@portal/domain';
import { useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import styles from '../../features/commerce/commerce.module.css';
import { PackageCatalogue } from '../../features/commerce/components/PackageCatalogue';
import { ForDevice } from '../../features/devices/components/ForDevice';
import { withQuery } from '../../lib/query';

const detailPathOf = (id: number) => `/cpe_combo_detail?package_id=${id}`;

function CpeComboPage() {
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <PageHeader title="设备套餐" fallback="/cpe" />
      <ForDevice>
        {(device) => (
          <PackageCatalogue
            key={device.custom_num}
            customNum={device.custom_num}
            initialType={params.get('type')}
            detailPathOf={detailPathOf}
            forWhom={
              <>
                为 <strong>{device.model_name}</strong>（卡号 {groupCardNumber(device.custom_num)}）订购
              </>
            }
          />
        )}
      </ForDevice>
    </div>
  );
}

export default withQuery(CpeComboPage);
