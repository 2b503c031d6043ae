// The SIMs of a device side by side (carrier, signal verdict and numbers, status) under the plan they
// share (the line's figures, never the device's),
// switching with a confirmation and following the switch to 已切换到… or 切换失败，已恢复…; and the
// network mode. Shared by /change and /cpe_network.
import type { DeviceChange, SimsAnswer } from '@portal/contract';
import { NETWORK_MODE, NETWORK_MODE_LABEL, type NetworkMode } from '@portal/contract/enums';
import { formatDateTime, formatKb } from '@portal/domain';
import { ago } from '@portal/domain/diagnosis';
import { useState } from 'react';
import { Panel } from '../../../components/Panel';
import { LoadFailed } from '../../../components/StateBlock';
import { confirm } from '../../../lib/confirm';
import { useSingleFlight } from '../../../lib/useSingleFlight';
import { useDeviceAction } from '../api/deviceMutations';
import { useDeviceSims } from '../api/deviceQueries';
import { ChangeState } from './ChangeState';
import { SignalBadge } from './SignalBadge';
import styles from './devices.module.css';

type Sim = SimsAnswer['list'][number];

const MODE_SHORT: Record<NetworkMode, string> = { auto: '自动', '5g': '仅5G', '4g': '仅4G' };

interface Switch {
  change: DeviceChange;
  to: string;
  from: string;
}

export function SimPanel({ customNum }: { customNum: string }) {
  const sims = useDeviceSims(customNum);
  const action = useDeviceAction(customNum);
  const [switched, setSwitched] = useState<Switch>();
  const [modeChange, setModeChange] = useState<DeviceChange>();

  // before the early returns (hooks run in the same order on every render)
  const switchTo = useSingleFlight(async (sim: Sim) => {
    const active = sims.data?.list.find((s) => s.active);
    const weak = sim.signal === null || sim.signal.verdict === 'weak' || sim.signal.verdict === 'none';
    const ok = await confirm({
      title: `切换到${sim.carrier_name}`,
      content: (
        <>
          <p>切换时网络会中断片刻，已连接的设备需稍后重新上网。</p>
          {weak && <p className={styles.warnText}>该网络信号弱，可能无法注册；注册失败会自动恢复到{active?.carrier_name ?? '原网络'}。</p>}
          {!sims.data?.online && <p>设备离线，上线后生效。</p>}
        </>
      ),
      confirmText: '确认切换',
    });
    if (!ok) return;
    try {
      const change = await action.mutateAsync({ kind: 'switch_sim', iccid: sim.iccid });
      setSwitched({ change, to: sim.carrier_name, from: active?.carrier_name ?? '原网络' });
    } catch {
      // the API client has shown why
    }
  });

  const setMode = useSingleFlight(async (mode: NetworkMode) => {
    if (mode === sims.data?.network_mode) return;
    try {
      setModeChange(await action.mutateAsync({ kind: 'network_mode', mode }));
    } catch {
      // the API client has shown why
    }
  });

  if (sims.isError && !sims.data) return <LoadFailed text="设备网络信息加载失败" onRetry={() => sims.refetch()} />;
  const data = sims.data;
  if (!data) return <div className={styles.skeleton} />;
  const busy = action.isPending || data.pending.some((c) => c.kind === 'switch_sim');

  return (
    <>
      {!data.online && (
        // an offline device reports nothing: what follows is its last report, with its time (docs/decisions/0066)
        <p className={styles.offlineNote} data-testid="device-offline">
          设备离线
          {data.reported_at
            ? `，最后上报于${ago(data.reported_at, new Date()).replace(' ', '')}（${formatDateTime(data.reported_at)}）`
            : ''}
          。下方为离线前的信号，操作将在设备上线后生效
        </p>
      )}
      <Panel title={data.multi_sim ? '选择网络' : '当前网络'}>
        {/* the device's data is the card's plan, shared by its SIMs: the same figures as every other page */}
        <p className={styles.simPlan} data-testid="sim-plan">
          {data.plan ? (
            <>
              {data.multi_sim ? '各网络共用' : '当前套餐'}「{data.plan.name}」：剩余 <strong>{formatKb(data.plan.remaining_kb)}</strong>，共{' '}
              {formatKb(data.plan.total_kb)}
            </>
          ) : (
            '当前没有生效中的套餐'
          )}
        </p>
        <div className={styles.sims} style={{ gridTemplateColumns: `repeat(${Math.min(data.list.length, 3)}, 1fr)` }}>
          {data.list.map((sim) => (
            <div
              key={sim.iccid}
              className={sim.active ? `${styles.sim} ${styles.simActive}` : styles.sim}
              data-testid="sim"
              data-iccid={sim.iccid}
            >
              <strong className={styles.simCarrier}>{sim.carrier_name}</strong>
              <span className={styles.simSlot}>卡槽{sim.slot}</span>
              {sim.signal ? (
                <div className={data.online ? styles.simSignal : `${styles.simSignal} ${styles.simSignalStale}`}>
                  {!data.online && <span className={styles.simStale}>离线前</span>}
                  <SignalBadge verdict={sim.signal.verdict} text={sim.signal.verdict_text} />
                  <span className={styles.simNumbers}>
                    {sim.signal.network_type} {sim.signal.band}
                    <br />
                    RSRP {sim.signal.rsrp}dBm
                    <br />
                    SINR {sim.signal.sinr}dB
                  </span>
                </div>
              ) : (
                <SignalBadge verdict="none" text="无信号" />
              )}
              {sim.active ? (
                <span className={`${styles.tag} ${sim.online ? styles.applied : styles.cancelled}`}>
                  {sim.online ? '使用中' : data.online ? '使用中·未联网' : '设备离线'}
                </span>
              ) : !sim.activated ? (
                <span className={`${styles.tag} ${styles.cancelled}`}>未激活</span>
              ) : !data.can.sims_switch ? null : (
                <button
                  type="button"
                  className={`app-btn app-btn--ghost ${styles.simBtn}`}
                  disabled={busy}
                  onClick={() => void switchTo(sim)}
                >
                  切换
                </button>
              )}
            </div>
          ))}
        </div>
        {switched && (
          <div data-testid="switch-result">
            <ChangeState key={switched.change.id} customNum={customNum} change={switched.change}>
              {(c) =>
                c.state === 'applied' ? (
                  <p className={styles.resultOk}>已切换到{switched.to}</p>
                ) : c.state === 'failed' ? (
                  <p className={styles.resultBad}>切换失败，已恢复{switched.from}</p>
                ) : null
              }
            </ChangeState>
          </div>
        )}
      </Panel>

      {/* a router whose model map has no network mode gets no such panel (docs/decisions/0032-routers-through-genieacs.md) */}
      {data.can.network_mode && (
        <Panel title="网络模式">
          {data.supports_5g ? (
            <div className={styles.modes} role="radiogroup" aria-label="网络模式">
              {NETWORK_MODE.map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={data.network_mode === m}
                  className={data.network_mode === m ? `${styles.mode} ${styles.modeOn}` : styles.mode}
                  disabled={action.isPending}
                  onClick={() => void setMode(m)}
                >
                  {MODE_SHORT[m]}
                </button>
              ))}
            </div>
          ) : (
            <p className={styles.muted}>该设备仅支持4G网络</p>
          )}
          {data.supports_5g && (
            <p className={styles.modeHint}>当前：{NETWORK_MODE_LABEL[data.network_mode]}。选择“仅5G”时，无5G信号的网络将无法上网。</p>
          )}
          {modeChange && <ChangeState key={modeChange.id} customNum={customNum} change={modeChange} />}
        </Panel>
      )}
    </>
  );
}
