// /cpe_remind — what the owner should know about the current device and its card, most serious
// first (features/devices/model/reminders: real-name, plan expiring or gone, data running out, the
// device offline), each with its button: 去实名 (the portal's real-name page, on the device's card,
// which it makes current first), 去续订 → /cpe_combo, 查看设备 → /cpe. A renewal already bought
// silences "expiring" while it lasts. Nothing to remind: it says so.
import type { DeviceSummary } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { switchCard } from '../../features/cards/model/currentCard';
import { usePackages } from '../../features/commerce/api/commerce';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useCardUsage } from '../../features/devices/api/cardUsage';
import { useDeviceStatus } from '../../features/devices/api/deviceQueries';
import { DeviceLine, ForDevice } from '../../features/devices/components/ForDevice';
import { deviceReminders, renewedUntilOf, type Reminder } from '../../features/devices/model/reminders';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import styles from './CpeRemind.module.css';

function CpeRemindPage() {
  return (
    <div className={styles.page}>
      <PageHeader title="温馨提醒" fallback="/cpe" />
      <ForDevice>{(device) => <Reminders key={device.custom_num} device={device} />}</ForDevice>
    </div>
  );
}

function Reminders({ device }: { device: DeviceSummary }) {
  const customNum = device.custom_num;
  const status = useDeviceStatus(customNum);
  const { flow, info } = useCardUsage(customNum);
  // what the packages on offer would do says how far the packages already bought reach
  const offer = usePackages(customNum);
  const navigate = useNavigate();
  const qc = useQueryClient();

  if (status.isError || flow.isError || info.isError) {
    return (
      <LoadFailed
        text="提醒加载失败"
        onRetry={() => Promise.all([status.isError && status.refetch(), flow.isError && flow.refetch(), info.isError && info.refetch()])}
      />
    );
  }
  if (!status.data || !flow.data || !info.data || offer.isPending) return <PageLoading />;

  const reminders = deviceReminders({
    card: info.data.info,
    pkg: flow.data.package,
    device: status.data,
    // without the offer (failed to load), a renewal is not known: the plain expiry reminder shows
    renewedUntil: renewedUntilOf(offer.data?.list.map((p) => p.effect) ?? []),
    now: new Date(),
  });

  async function act(action: Reminder['action']) {
    if (action.asCurrentCard) {
      switchCard(customNum, local);
      await refreshCard(qc, customNum).catch(() => undefined);
    }
    navigate(action.to);
  }

  return (
    <>
      <DeviceLine device={device} />
      {reminders.length === 0 ? (
        <StateBlock kind="empty" text="设备和卡一切正常，暂时没有需要提醒的事项" />
      ) : (
        <ul className={styles.list} aria-label="提醒">
          {reminders.map((r) => (
            <li key={r.kind} className={`${styles.item} ${r.level === 'danger' ? styles.danger : styles.warning}`} data-testid="reminder">
              <h2 className={styles.title}>{r.title}</h2>
              <p className={styles.text}>{r.text}</p>
              <button type="button" className={`app-btn app-btn--primary ${styles.action}`} onClick={() => void act(r.action)}>
                {r.action.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default withQuery(CpeRemindPage);
