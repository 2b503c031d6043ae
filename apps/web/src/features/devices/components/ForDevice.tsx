// The frame of the device area's card pages (/cpe_combo, /cpe_combo_detail, /cpe_order,
// /cpe_remind): they act on the current device's card, which may differ from the portal's current
// card. Until the device list is read they wait; without a device they say how to add one.
import { groupCardNumber } from '@portal/domain';
import type { DeviceSummary } from '@portal/contract';
import type { ReactNode } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { LoadFailed } from '../../../components/StateBlock';
import { useCurrentDevice } from '../api/useCurrentDevice';
import { NoDevice } from './NoDevice';
import styles from './ForDevice.module.css';

export function ForDevice({ children }: { children: (device: DeviceSummary) => ReactNode }) {
  const { loggedIn, list, device } = useCurrentDevice();
  if (!loggedIn) return <NoDevice loggedIn={false} />;
  if (list.isError && !list.data) return <LoadFailed text="设备信息加载失败" onRetry={() => list.refetch()} />;
  if (!list.data) return <PageLoading />;
  if (!device) return <NoDevice loggedIn />;
  return <>{children(device)}</>;
}

/** Which device (and so which card) the page is about. */
export function DeviceLine({ device }: { device: DeviceSummary }) {
  return (
    <p className={styles.line} data-testid="device-line">
      <span className={styles.model}>{device.model_name}</span>
      <span>卡号 {groupCardNumber(device.custom_num)}</span>
    </p>
  );
}
