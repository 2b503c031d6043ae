// /cpe_router — my devices: which one the area shows (设为当前 makes its card the current card) and
// 解绑 with a confirmation (the card in the device is unbound with it). + 添加设备 → /cpe_bind.
import { groupCardNumber } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { fetchBindList, bindListKey } from '../../features/cards/api/bindList';
import { currentAfterUnbind, switchCard } from '../../features/cards/model/currentCard';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useUnbindDevice } from '../../features/devices/api/deviceMutations';
import { useCurrentDevice } from '../../features/devices/api/useCurrentDevice';
import { SignalBadge } from '../../features/devices/components/views';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { confirm } from '../../lib/confirm';
import styles from './CpeRouter.module.css';
import { presenceText } from '../../features/devices/model/format';

function CpeRouterPage() {
  const qc = useQueryClient();
  const { list, devices, device } = useCurrentDevice();
  const unbind = useUnbindDevice();

  function pick(customNum: string) {
    switchCard(customNum, local);
    refreshCard(qc, customNum).catch(() => undefined);
    toast('已设为当前设备');
  }

  async function remove(customNum: string, name: string) {
    const ok = await confirm({
      title: `解绑「${name}」`,
      content: `设备中的卡（卡号 ${groupCardNumber(customNum)}）会一同从您的账号解绑，解绑后无法再查看和管理该设备；设备本身的设置不受影响，可凭序列号和卡号重新添加。`,
      confirmText: '确认解绑',
    });
    if (!ok) return;
    try {
      await unbind.mutateAsync(customNum);
      toast('已解绑');
      // the unbound card may have been the current one
      const cards = await qc.fetchQuery({ queryKey: bindListKey, queryFn: ({ signal }) => fetchBindList(signal), staleTime: 0 });
      const next = currentAfterUnbind(local.get('customNum'), customNum, cards);
      if (next && next !== local.get('customNum')) {
        switchCard(next, local);
        await refreshCard(qc, next).catch(() => undefined);
      } else if (!next) local.remove('customNum');
    } catch {
      // the API client has shown why
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="设备管理" fallback="/cpe" />
      {list.isError && !list.data ? (
        <LoadFailed text="设备列表加载失败" onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <div className={styles.skeleton} />
      ) : devices.length === 0 ? (
        <StateBlock kind="empty" text="您还没有绑定WiFi设备" />
      ) : (
        <ul className={styles.list}>
          {devices.map((d) => {
            const current = d.custom_num === device?.custom_num;
            return (
              <li key={d.custom_num} className={current ? `${styles.item} ${styles.current}` : styles.item} data-device={d.custom_num}>
                <div className={styles.top}>
                  <strong className={styles.name}>{d.model_name}</strong>
                  {current && <span className={styles.tag}>当前设备</span>}
                </div>
                <p className={styles.sub}>
                  卡号 {groupCardNumber(d.custom_num)} · 序列号 {d.serial}
                </p>
                <div className={styles.state}>
                  <span className={d.online && d.reachable ? styles.on : styles.off}>{presenceText(d)}</span>
                  {d.online && <SignalBadge verdict={d.signal_verdict} text={d.signal_text} />}
                  {d.carrier_name && <span>{d.carrier_name}</span>}
                  {d.battery !== null && <span>电量 {d.battery}%</span>}
                </div>
                <div className={styles.actions}>
                  {!current && (
                    <button type="button" className="app-btn app-btn--ghost" onClick={() => pick(d.custom_num)}>
                      设为当前
                    </button>
                  )}
                  <button
                    type="button"
                    className={`app-btn ${styles.unbind}`}
                    disabled={unbind.isPending}
                    onClick={() => void remove(d.custom_num, d.model_name)}
                  >
                    解绑
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.add}>
        <Link to="/cpe_bind" className="app-btn app-btn--primary app-btn--block">
          + 添加设备
        </Link>
      </div>
    </div>
  );
}

export default withQuery(CpeRouterPage);
