// 重启设备 / 恢复出厂设置, each confirmed first (a reset says what it loses); the server limits how
// often. The change is followed until the device has done it.
import type { DeviceChange } from '@portal/contract';
import { FACTORY_RESET_LOSES } from '@portal/contract/enums';
import { useState } from 'react';
import { confirm } from '../../../lib/confirm';
import { useSingleFlight } from '../../../lib/useSingleFlight';
import { useDeviceAction } from '../api/deviceMutations';
import { ChangeState } from './ChangeState';
import styles from './Maintenance.module.css';

export function Maintenance({ customNum, online }: { customNum: string; online: boolean }) {
  const action = useDeviceAction(customNum);
  const [change, setChange] = useState<DeviceChange>();

  const run = useSingleFlight(async (kind: 'reboot' | 'reset') => {
    const ok =
      kind === 'reboot'
        ? await confirm({
            title: '重启设备',
            content: `重启约需1分钟，期间所有已连接的设备都会断网。${online ? '' : '设备离线，上线后执行。'}`,
            confirmText: '确认重启',
          })
        : await confirm({
            title: '恢复出厂设置',
            content: (
              <div className={styles.loses}>
                <p>恢复后将丢失：</p>
                <ul>
                  {FACTORY_RESET_LOSES.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
                <p>设备会自动重启，此操作无法撤回。</p>
              </div>
            ),
            confirmText: '确认恢复',
          });
    if (!ok) return;
    try {
      setChange(await action.mutateAsync({ kind }));
    } catch {
      // the API client has shown why (e.g. too many reboots today)
    }
  });

  return (
    <div>
      <div className={styles.row}>
        <button type="button" className="app-btn app-btn--ghost" disabled={action.isPending} onClick={() => void run('reboot')}>
          重启设备
        </button>
        <button type="button" className={`app-btn ${styles.danger}`} disabled={action.isPending} onClick={() => void run('reset')}>
          恢复出厂设置
        </button>
      </div>
      {change && <ChangeState key={change.id} customNum={customNum} change={change} />}
    </div>
  );
}
