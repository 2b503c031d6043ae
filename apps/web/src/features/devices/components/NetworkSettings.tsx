// The network side of a device (/cpe_network for the area's device, /change for the current card's):
// the SIMs side by side, switching, and the network mode (./SimPanel).
import { groupCardNumber } from '@portal/domain';
import { PageHeader } from '../../../components/PageHeader';
import { LoadFailed } from '../../../components/StateBlock';
import { useCurrentDevice } from '../api/useCurrentDevice';
import { NoDevice } from './NoDevice';
import { SimPanel } from './SimPanel';
import styles from './devices.module.css';

export function NetworkSettings({ scope, title, fallback }: { scope: 'area' | 'card'; title: string; fallback: string }) {
  const { loggedIn, list, device } = useCurrentDevice(scope);
  return (
    <div className={styles.networkPage}>
      <PageHeader title={title} fallback={fallback} />
      {!loggedIn || (list.data && !device) ? (
        <NoDevice loggedIn={loggedIn} scope={scope} />
      ) : list.isError && !list.data ? (
        <LoadFailed text="设备信息加载失败" onRetry={() => list.refetch()} />
      ) : device ? (
        <>
          <p className={styles.deviceLine}>
            {device.model_name} · 卡号 {groupCardNumber(device.custom_num)}
          </p>
          <SimPanel customNum={device.custom_num} />
        </>
      ) : (
        <div className={styles.skeleton} />
      )}
    </div>
  );
}
