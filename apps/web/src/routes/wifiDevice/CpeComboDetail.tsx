// /cpe_combo_detail?package_id= — one plan for the current device's card, paid through the
// portal's checkout (features/commerce PackageOrder: the purchase effect, vouchers, balance, pay
// channels). Its result pages lead back into the device area (origin 'device'). 去充值 recharges
// the current card, so it first makes the device's card current (the device area keeps showing
// this device: it prefers the current card's).
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import { switchCard } from '../../features/cards/model/currentCard';
import { refreshCard } from '../../features/cards/model/refreshCard';
import styles from '../../features/commerce/commerce.module.css';
import { PackageOrder } from '../../features/commerce/components/PackageOrder';
import { packageIdParam } from '../../features/commerce/model/packages';
import { DeviceLine, ForDevice } from '../../features/devices/components/ForDevice';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';

function CpeComboDetailPage() {
  const [params] = useSearchParams();
  const packageId = packageIdParam(params.get('package_id'));
  const qc = useQueryClient();
  return (
    <div className={styles.page}>
      <PageHeader title="套餐订购" fallback="/cpe_combo" />
      <ForDevice>
        {(device) =>
          packageId ? (
            <>
              <DeviceLine device={device} />
              <PackageOrder
                key={device.custom_num}
                customNum={device.custom_num}
                packageId={packageId}
                listPath="/cpe_combo"
                origin="device"
                beforeTopUp={async () => {
                  switchCard(device.custom_num, local);
                  // the portal's pages need the current card's info: /recharge waits for it
                  await refreshCard(qc, device.custom_num).catch(() => undefined);
                }}
              />
            </>
          ) : (
            <StateBlock
              kind="empty"
              text="还没有选择套餐，请先在设备套餐中选择"
              action={
                <Link className="app-btn app-btn--primary" to="/cpe_combo" replace>
                  选择套餐
                </Link>
              }
            />
          )
        }
      </ForDevice>
    </div>
  );
}

export default withQuery(CpeComboDetailPage);
