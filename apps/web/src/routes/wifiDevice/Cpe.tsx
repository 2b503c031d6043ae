// /cpe — the device home (open to visitors, spec §4): the owner's device with its state (在线 /
// 离线 / 重启中), signal 强/中/弱, the carrier it uses, and its card's remaining data and plan
// expiry; entries to the wifi and network settings; reboot and factory reset. The device shown is
// the current card's when it is in a device, else the first device (features/devices/model/currentDevice).
import { formatDateTime, formatKb, groupCardNumber } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/StateBlock';
import { switchCard } from '../../features/cards/model/currentCard';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { useCardUsage } from '../../features/devices/api/cardUsage';
import { useDeviceStatus } from '../../features/devices/api/deviceQueries';
import { useCurrentDevice } from '../../features/devices/api/useCurrentDevice';
import { formatUptime, presenceText } from '../../features/devices/model/format';
import { ChangeState, DevicePicker, DeviceTabBar, Maintenance, NoDevice, SignalBadge } from '../../features/devices/components/views';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import styles from './Cpe.module.css';

function CpePage() {
  const { loggedIn, list, devices, device } = useCurrentDevice();
  const customNum = device?.custom_num;
  const status = useDeviceStatus(customNum);
  // card info is not refreshed on visibility change on cpe routes (spec §2)
  const { flow, info: card } = useCardUsage(customNum);
  const s = status.data;
  const pkg = flow.data?.package;
  // the last day it works, as the server says it everywhere (docs/decisions/0011: one rule for 有效期至)
  const validUntil = pkg?.valid_until || card.data?.info.valid_until;
  const qc = useQueryClient();

  // The device's card becomes the current card, with its info stored as the card pages expect.
  function pick(c: string) {
    switchCard(c, local);
    refreshCard(qc, c).catch(() => undefined);
  }

  if (!loggedIn || (list.data && !device)) {
    return (
      <div className={styles.page}>
        <PageHeader title="设备首页" />
        <NoDevice loggedIn={loggedIn} />
        <DeviceTabBar path="/cpe" />
      </div>
    );
  }
  if ((list.isError && !list.data) || (status.isError && !s)) {
    return (
      <div className={styles.page}>
        <PageHeader title="设备首页" />
        <LoadFailed text="设备信息加载失败" onRetry={() => (list.isError ? list.refetch() : status.refetch())} />
        <DeviceTabBar path="/cpe" />
      </div>
    );
  }

  const rebooting = Boolean(s?.back_online_at);

  return (
    <div className={styles.page}>
      <PageHeader title="设备首页" />
      <section className={styles.device} data-testid="device-card" aria-label="设备">
        <div className={styles.head}>
          <div>
            {/* a router never read while its ACS is down has no model name yet: the stored facts only */}
            <h2 className={styles.model}>{device ? device.model_name || '设备' : '加载中…'}</h2>
            <p className={styles.sub}>卡号 {groupCardNumber(customNum ?? '')}</p>
          </div>
          {devices.length > 1 && <DevicePicker devices={devices} current={customNum} onPick={pick} />}
        </div>
        {s ? (
          <>
            <div className={styles.stateRow}>
              <span className={s.online ? `${styles.dot} ${styles.dotOn}` : styles.dot} aria-hidden="true" />
              {/* the ACS cannot be reached: whether the router is online now is not known (not 离线 "since now") */}
              <strong data-testid="device-online">{rebooting && s.reachable ? '重启中' : presenceText(s)}</strong>
              <span className={styles.since}>
                {!s.reachable
                  ? ''
                  : rebooting
                    ? `预计 ${formatDateTime(s.back_online_at).slice(11)} 恢复`
                    : s.online
                      ? `已运行 ${formatUptime(s.uptime_seconds)}`
                      : s.online_changed_at && `${formatDateTime(s.online_changed_at)} 起`}
              </span>
              {s.battery !== null && <span className={styles.battery}>电量 {s.battery}%</span>}
            </div>
            {/* the ACS cannot be reached: the figures are the last ones read, or none (docs/decisions/0055) */}
            {!s.reachable && (
              <p className={styles.reachNote} role="status" data-testid="device-unreachable">
                {s.reach_text}
              </p>
            )}
            <div className={styles.facts}>
              <div className={styles.fact}>
                <span className={styles.factLabel}>当前网络</span>
                <span className={styles.factValue} data-testid="carrier">
                  {s.carrier_name || '-'}
                  {s.signal ? ` ${s.signal.network_type}` : ''}
                </span>
              </div>
              <div className={styles.fact}>
                <span className={styles.factLabel}>信号</span>
                <span className={styles.factValue}>{s.online ? <SignalBadge verdict={s.signal_verdict} text={s.signal_text} /> : '—'}</span>
              </div>
              <div className={styles.fact}>
                <span className={styles.factLabel}>已连接</span>
                <span className={styles.factValue}>{s.reachable ? `${s.client_count}台` : '—'}</span>
              </div>
            </div>
          </>
        ) : (
          // the same rows as the device's figures, empty: nothing below moves when they arrive (CLS)
          <div className={styles.loading} role="status">
            <div className={styles.stateRow}>
              <span className={styles.dot} aria-hidden="true" />
              <strong>加载中…</strong>
            </div>
            <div className={styles.facts} aria-hidden="true">
              {['当前网络', '信号', '已连接'].map((label) => (
                <div key={label} className={styles.fact}>
                  <span className={styles.factLabel}>{label}</span>
                  <span className={styles.factValue}>—</span>
                </div>
              ))}
            </div>
          </div>
        )}
      </section>

      <Panel title="流量与套餐">
        <div className={styles.usage}>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="remaining">
              {pkg ? formatKb(pkg.remaining_kb) : flow.data ? '无套餐' : '--'}
            </span>
            <span className={styles.statLabel}>剩余流量</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue}>{flow.data ? formatKb(flow.data.today_used_kb) : '--'}</span>
            <span className={styles.statLabel}>今日已用</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="expiry">
              {validUntil || '--'}
            </span>
            <span className={styles.statLabel}>有效期至</span>
          </div>
        </div>
        {pkg ? (
          <p className={styles.pkgName}>{pkg.name}</p>
        ) : (
          // room for the package's name and its 升级套餐 row while the usage is on its way (CLS);
          // a line without a package gives it back when the answer says so
          !flow.data && (
            <p className={styles.pkgName} aria-hidden="true">
              &nbsp;
            </p>
          )
        )}
        <nav className={styles.entries} aria-label="套餐与订单">
          <Link to="/cpe_combo" className={styles.entry}>
            <span className={styles.entryName}>套餐订购</span>
            <span className={styles.entryHint}>续订、加油包</span>
          </Link>
          {/* keyed: without, Preact takes 我的订单's <a> for this row when it replaces the room kept
              for it, and moves the rows after it — a shift the eye does not see but CLS counts
              (docs/decisions/0079-the-h5-renders-with-preact.md) */}
          {pkg ? (
            <Link key="upgrade" to="/cpe_up" className={styles.entry}>
              <span className={styles.entryName}>升级套餐</span>
              <span className={styles.entryHint}>补差价换大流量，有效期不变</span>
            </Link>
          ) : (
            !flow.data && <div key="upgrade-room" className={`${styles.entry} ${styles.reserved}`} aria-hidden="true" />
          )}
          <Link to="/cpe_order" className={styles.entry}>
            <span className={styles.entryName}>我的订单</span>
            <span className={styles.entryHint}>本设备卡的订单</span>
          </Link>
          <Link to="/cpe_remind" className={styles.entry}>
            <span className={styles.entryName}>温馨提醒</span>
            <span className={styles.entryHint}>实名、到期、流量、离线</span>
          </Link>
        </nav>
      </Panel>

      {s && s.pending.length > 0 && (
        <Panel title="待生效的操作">
          {s.pending.map((c) => (
            <ChangeState key={c.id} customNum={customNum!} change={c} />
          ))}
        </Panel>
      )}

      <Panel title="设备管理">
        <nav className={styles.entries}>
          <Link to="/cpe_setting" className={styles.entry}>
            <span className={styles.entryName}>WiFi设置</span>
            <span className={styles.entryHint}>{s ? s.wifi.ssid : ''}</span>
          </Link>
          <Link to="/cpe_setting#clients" className={styles.entry}>
            <span className={styles.entryName}>终端管理</span>
            <span className={styles.entryHint}>{s?.reachable ? `${s.client_count}台已连接` : ''}</span>
          </Link>
          <Link to="/cpe_router" className={styles.entry}>
            <span className={styles.entryName}>我的设备</span>
            <span className={styles.entryHint}>{devices.length}台 · 切换、添加、解绑</span>
          </Link>
          <Link to="/cpe_network" className={styles.entry}>
            <span className={styles.entryName}>网络设置</span>
            <span className={styles.entryHint}>
              {s?.reachable ? (s.sim_count > 1 ? `${s.sim_count}张卡 · ${s.network_mode_text}` : s.network_mode_text) : ''}
            </span>
          </Link>
        </nav>
      </Panel>

      {s && customNum && (
        <Panel title="设备维护">
          {/* nothing reaches a router whose ACS cannot be reached: no buttons that can only fail */}
          {s.reachable && <Maintenance customNum={customNum} online={s.online} />}
          <p className={styles.meta}>
            序列号 {s.serial} · IMEI {s.imei}
            <br />
            固件 {s.firmware}
          </p>
        </Panel>
      )}
      <DeviceTabBar path="/cpe" />
    </div>
  );
}

export default withQuery(CpePage);
