// The wifi settings of a device (/cpe_setting for the area's device, /wifi_setting for the current
// card's): name, password (show/hide), hidden, security, band, max clients. A new name, password or
// security first warns that every connected device — maybe this phone — drops off; the change is
// then followed (待生效 → 已生效 / 失败, or 设备离线，上线后生效 with 撤销) and the new network's QR
// code is shown, drawn from what the owner typed so it stays even if this phone loses the wifi.
// Below: the connected clients (拉黑 / 解除) and the device's recent changes.
import type { DeviceChange, WifiAnswer } from '@portal/contract';
import { WIFI_BAND_LABEL, WIFI_SECURITY_LABEL } from '@portal/contract/enums';
import { wifiJoinUri } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Field } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Panel } from '../../../components/Panel';
import { LoadFailed } from '../../../components/StateBlock';
import { toast } from '../../../lib/toast';
import { confirm } from '../../../lib/confirm';
import { useSingleFlight } from '../../../lib/useSingleFlight';
import { useDeviceAction } from '../api/deviceMutations';
import { useDeviceChange, useDeviceClients, useDeviceWifi } from '../api/deviceQueries';
import { useCurrentDevice } from '../api/useCurrentDevice';
import { dropWarning, dropsClients, keepsHiddenPassword, wifiChanges, wifiFormProblems, type WifiForm } from '../model/wifiForm';
import { ChangeState } from './ChangeState';
import { ClientList } from './ClientList';
import { NoDevice } from './NoDevice';
import { RecentChanges } from './RecentChanges';
import { WifiQr } from './WifiQr';
import dstyles from './devices.module.css';
import styles from './WifiSettings.module.css';

interface Sent {
  change: DeviceChange;
  /** the new network's QR text, when the name, password or security changed */
  qr?: { text: string; ssid: string };
}

export function WifiSettings({ scope, title, fallback }: { scope: 'area' | 'card'; title: string; fallback: string }) {
  const { loggedIn, list, device } = useCurrentDevice(scope);
  const customNum = device?.custom_num;
  const wifi = useDeviceWifi(customNum);
  const [sent, setSent] = useState<Sent>();
  const sentState = useDeviceChange(customNum, sent?.change.id, sent?.change).data?.state;
  // a change cancelled or failed leaves the device as it was: so does the form
  const undone = sentState === 'cancelled' || sentState === 'failed' ? sent?.change.id : '';
  // the clients' own query (ClientList reads the same cache): the page is long enough to scroll once they are in
  const clients = useDeviceClients(customNum);
  const loaded = Boolean(wifi.data && clients.data);

  // /cpe's 终端管理 opens this page at its clients (#clients), once they are on the page
  useEffect(() => {
    if (loaded && window.location.hash === '#clients') document.getElementById('clients')?.scrollIntoView();
  }, [loaded]);

  let body;
  if (list.data && !device) body = <NoDevice loggedIn={loggedIn} scope={scope} />;
  else if ((list.isError && !list.data) || (wifi.isError && !wifi.data))
    body = <LoadFailed text="WiFi设置加载失败" onRetry={() => (list.isError ? list.refetch() : wifi.refetch())} />;
  else if (!wifi.data || !customNum) body = <div className={dstyles.skeleton} />;
  else {
    const w = wifi.data;
    body = (
      <>
        {!w.online && <p className={dstyles.offlineNote}>设备离线，修改将在设备上线后生效</p>}
        <Panel title="WiFi设置" extra={<span className={styles.device}>{device?.model_name}</span>}>
          <WifiFormView
            // a change the device applied shows its new values
            key={`${customNum}|${w.ssid}|${w.password}|${w.hidden}|${w.security}|${w.band}|${w.max_clients}|${undone}`}
            customNum={customNum}
            wifi={w}
            onSent={setSent}
          />
          {sent && <SentChange customNum={customNum} sent={sent} />}
        </Panel>
        <Panel title={<span id="clients">已连接的终端</span>} className={styles.anchor}>
          <ClientList customNum={customNum} />
        </Panel>
        <Panel title="最近操作">
          <RecentChanges customNum={customNum} />
        </Panel>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={fallback} />
      {body}
    </div>
  );
}

function SentChange({ customNum, sent }: { customNum: string; sent: Sent }) {
  const { data } = useDeviceChange(customNum, sent.change.id, sent.change);
  const state = data?.state ?? sent.change.state;
  return (
    <>
      <ChangeState key={sent.change.id} customNum={customNum} change={sent.change} />
      {sent.qr && (state === 'pending' || state === 'applied') && (
        <div className={styles.qrBox}>
          <p className={styles.qrTitle}>{state === 'applied' ? '新WiFi已生效，请重新连接' : '生效后请用新的名称和密码重新连接'}</p>
          <WifiQr text={sent.qr.text} ssid={sent.qr.ssid} />
        </div>
      )}
    </>
  );
}

function WifiFormView({ customNum, wifi, onSent }: { customNum: string; wifi: WifiAnswer; onSent(s: Sent): void }) {
  const [form, setForm] = useState<WifiForm>({
    ssid: wifi.ssid,
    password: wifi.password,
    hidden: wifi.hidden,
    security: wifi.security,
    band: wifi.band,
    max_clients: wifi.max_clients,
  });
  const [showPassword, setShowPassword] = useState(false);
  const [problems, setProblems] = useState<ReturnType<typeof wifiFormProblems>>({});
  const action = useDeviceAction(customNum);
  const set = <K extends keyof WifiForm>(k: K, v: WifiForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setProblems((p) => ({ ...p, [k]: undefined }));
  };

  // what the router's model cannot change is not shown, nor checked (docs/decisions/0032-routers-through-genieacs.md)
  const can = wifi.can;
  const save = useSingleFlight(async () => {
    const all = wifiFormProblems(form);
    const found = {
      ssid: can.wifi_ssid ? all.ssid : undefined,
      password: can.wifi_password && !keepsHiddenPassword(wifi, form) ? all.password : undefined,
      max_clients: can.wifi_max_clients ? all.max_clients : undefined,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const changes = wifiChanges(wifi, form);
    if (Object.keys(changes).length === 0) {
      toast('没有修改任何设置');
      return;
    }
    const drops = dropsClients(changes);
    if (drops) {
      const ok = await confirm({
        title: '修改WiFi',
        content: dropWarning(changes),
        confirmText: '确认修改',
      });
      if (!ok) return;
    }
    try {
      const change = await action.mutateAsync({ kind: 'wifi', input: changes });
      // no join code without the passphrase (a router that hides it, and none typed)
      onSent({ change, qr: drops && !keepsHiddenPassword(wifi, form) ? { text: wifiJoinUri(form), ssid: form.ssid } : undefined });
    } catch {
      // the API client has shown why
    }
  });

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      {can.wifi_ssid && (
        <>
          <Field
            label="WiFi名称"
            id="wifi-ssid"
            value={form.ssid}
            onChange={(e) => set('ssid', e.target.value)}
            autoComplete="off"
            error={problems.ssid && <p className={styles.error}>{problems.ssid}</p>}
          />
        </>
      )}
      {can.wifi_password && (
        <>
          <Field
            label="WiFi密码"
            id="wifi-password"
            type={showPassword ? 'text' : 'password'}
            value={form.password}
            // a router reads its passphrase back empty: 未读取, not an empty passphrase
            placeholder={wifi.password_read ? undefined : '未读取（路由器不回传密码），输入新密码可修改'}
            onChange={(e) => set('password', e.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            end={
              <button type="button" className={`app-field__action ${styles.eye}`} onClick={() => setShowPassword((v) => !v)}>
                {showPassword ? '隐藏密码' : '显示密码'}
              </button>
            }
            error={problems.password && <p className={styles.error}>{problems.password}</p>}
          />
        </>
      )}
      {/* the values the model takes (an older MiFi has no WPA3, a TR-098 one no band) */}
      {can.wifi_security && (
        <ChoiceField
          id="wifi-security"
          label="加密方式"
          value={form.security}
          values={can.wifi_security_values}
          labels={WIFI_SECURITY_LABEL}
          onChange={(v) => set('security', v)}
        />
      )}
      {can.wifi_band && (
        <ChoiceField
          id="wifi-band"
          label="WiFi频段"
          value={form.band}
          values={can.wifi_band_values}
          labels={WIFI_BAND_LABEL}
          onChange={(v) => set('band', v)}
        />
      )}
      {can.wifi_max_clients && (
        <>
          <Field
            label="最大连接数"
            id="wifi-max"
            type="number"
            inputMode="numeric"
            min={1}
            max={64}
            value={Number.isNaN(form.max_clients) ? '' : form.max_clients}
            onChange={(e) => set('max_clients', e.target.value === '' ? NaN : Number(e.target.value))}
            error={problems.max_clients && <p className={styles.error}>{problems.max_clients}</p>}
          />
        </>
      )}
      {can.wifi_hidden && (
        <>
          <label className={`app-field ${styles.switchRow}`}>
            <span className="app-field__label">隐藏WiFi</span>
            <span className={styles.switchHint}>隐藏后需手动输入名称连接</span>
            <input
              type="checkbox"
              role="switch"
              className={styles.switch}
              checked={form.hidden}
              onChange={(e) => set('hidden', e.target.checked)}
            />
          </label>
        </>
      )}
      <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.save}`} disabled={action.isPending}>
        保存设置
      </button>
    </form>
  );
}

/** A setting with a fixed list of values, as a select. */
function ChoiceField<T extends string>(p: {
  id: string;
  label: string;
  value: T;
  values: readonly T[];
  labels: Record<T, string>;
  onChange(v: T): void;
}) {
  return (
    <Field
      label={p.label}
      id={p.id}
      control={
        <select id={p.id} className={`app-field__input ${styles.select}`} value={p.value} onChange={(e) => p.onChange(e.target.value as T)}>
          {p.values.map((v) => (
            <option key={v} value={v}>
              {p.labels[v]}
            </option>
          ))}
        </select>
      }
    />
  );
}
