// The device's clients: name, MAC, IP, band, since when; 拉黑 (confirmed) and 解除. A block reaches
// the device at its next check-in, so the row changes when the device has applied it.
import type { DeviceChange } from '@portal/contract';
import { formatDateTime } from '@portal/domain';
import { useState } from 'react';
import { LoadFailed } from '../../../components/StateBlock';
import { confirm } from '../../../lib/confirm';
import { useDeviceAction } from '../api/deviceMutations';
import { useDeviceClients } from '../api/deviceQueries';
import { ChangeState } from './ChangeState';
import styles from './ClientList.module.css';

export function ClientList({ customNum }: { customNum: string }) {
  const clients = useDeviceClients(customNum);
  const action = useDeviceAction(customNum);
  const [change, setChange] = useState<DeviceChange>();

  if (clients.isError && !clients.data) return <LoadFailed text="终端列表加载失败" onRetry={() => clients.refetch()} />;
  const data = clients.data;
  if (!data) return <p className={styles.muted}>加载中…</p>;

  async function toggle(mac: string, name: string, blocked: boolean) {
    if (!blocked) {
      const ok = await confirm({
        title: `拉黑「${name}」`,
        content: '拉黑后该设备将被断开，且无法再连接此WiFi，可随时解除。',
        confirmText: '拉黑',
      });
      if (!ok) return;
    }
    try {
      setChange(await action.mutateAsync({ kind: blocked ? 'unblock' : 'block', mac }));
    } catch {
      // the API client has shown why
    }
  }

  const connected = data.list.filter((c) => !c.blocked).length;
  return (
    <>
      <p className={styles.count}>
        已连接 {connected} / 最多 {data.max_clients} 台
      </p>
      {data.list.length === 0 ? (
        <p className={styles.muted}>暂无连接的终端</p>
      ) : (
        <ul className={styles.list}>
          {data.list.map((c) => (
            <li key={c.mac} className={styles.row} data-mac={c.mac}>
              <div className={styles.info}>
                <span className={styles.name}>
                  {c.name || '未知设备'}
                  {c.blocked && <span className={styles.blocked}>已拉黑</span>}
                </span>
                <span className={styles.sub}>
                  {c.mac} · {c.ip || '-'}
                  {/* a TR-098 router does not say a client's band: said so, not guessed (docs/decisions/0040-firmware-through-the-acs.md) */}
                  {c.band ? ` · ${c.band === '5g' ? '5GHz' : '2.4GHz'}` : ' · 频段未知'}
                </span>
                {!c.blocked && (
                  <span className={styles.sub}>{c.connected_at ? `${formatDateTime(c.connected_at)} 连接` : '连接时间未知'}</span>
                )}
              </div>
              {/* a model that cannot block clients gets no button, rather than one that fails (docs/decisions/0032-routers-through-genieacs.md) */}
              {data.can.clients_block && (
                <button
                  type="button"
                  className={c.blocked ? `app-btn app-btn--ghost ${styles.btn}` : `app-btn ${styles.btn} ${styles.block}`}
                  disabled={action.isPending}
                  onClick={() => void toggle(c.mac, c.name || c.mac, c.blocked)}
                >
                  {c.blocked ? '解除' : '拉黑'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {change && <ChangeState key={change.id} customNum={customNum} change={change} />}
    </>
  );
}
