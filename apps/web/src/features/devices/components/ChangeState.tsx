// Follows one change to a device: 待生效 (with when: 约几秒内 / 设备离线，上线后生效) and 撤销 while
// it waits, then 已生效, 失败 with the reason, or 已撤销. When it settles the device's reads refresh.
import type { DeviceChange } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useDeviceAction } from '../api/deviceMutations';
import { deviceKeys, useDeviceChange } from '../api/deviceQueries';
import styles from './devices.module.css';

const TONE: Record<DeviceChange['state'], string> = {
  pending: styles.pending,
  applied: styles.applied,
  failed: styles.failed,
  cancelled: styles.cancelled,
};

interface Props {
  customNum: string;
  change: DeviceChange;
  /** what to say once it settled, instead of the plain state (e.g. 已切换到中国联通) */
  children?: (change: DeviceChange) => ReactNode;
}

export function ChangeState({ customNum, change: initial, children }: Props) {
  const qc = useQueryClient();
  const { data } = useDeviceChange(customNum, initial.id, initial);
  const change = data ?? initial;
  const cancel = useDeviceAction(customNum);
  const settled = change.state !== 'pending';

  useEffect(() => {
    if (settled) void qc.invalidateQueries({ queryKey: deviceKeys.of(customNum) });
  }, [settled, qc, customNum]);

  return (
    <div className={styles.change} data-testid="change-state" role="status">
      <div className={styles.changeHead}>
        <span className={styles.changeSummary}>{change.summary}</span>
        <span className={`${styles.tag} ${TONE[change.state]}`}>{change.state_text}</span>
      </div>
      {settled && children?.(change)}
      {change.state === 'pending' && change.note && <p className={styles.changeNote}>{change.note}</p>}
      {change.state === 'failed' && change.reason && <p className={styles.changeReason}>{change.reason}</p>}
      {change.cancellable && (
        <button
          type="button"
          className={`app-btn app-btn--ghost ${styles.smallBtn}`}
          disabled={cancel.isPending}
          onClick={() => cancel.mutate({ kind: 'cancel', id: change.id })}
        >
          撤销
        </button>
      )}
    </div>
  );
}
