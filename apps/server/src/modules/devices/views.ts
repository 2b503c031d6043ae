// A device and its changes as the holder's pages show them: the summary, the signal in words, the
// wifi settings (never the passphrase: deviceWifi decides whether it was read), and a change with
// when a pending one takes effect, in the owner's words.
import type { DeviceChange, DeviceSummary, SignalInfo } from '@portal/contract';
import {
  CARRIER_LABEL,
  DEVICE_CHANGE_KIND_LABEL,
  DEVICE_CHANGE_STATE_LABEL,
  SIGNAL_VERDICT_LABEL,
  WIFI_BAND_LABEL,
  WIFI_SECURITY_LABEL,
  type DeviceChangeKind,
  type DeviceChangeState,
} from '@portal/contract/enums';
import { signalVerdict } from '@portal/domain';
import type { AppContext } from '../../context';
import type { DeviceState, RadioSignal, WifiSettings } from '../../integrations/device/gateway';
import type { Owned } from './deviceAccess';
import * as repo from './repo';
import { settlePending } from './settle';

export function signalInfo(s: RadioSignal | null): SignalInfo | null {
  if (!s) return null;
  const verdict = signalVerdict(s);
  return {
    network_type: s.networkType,
    band: s.band,
    rsrp: s.rsrp,
    sinr: s.sinr,
    rsrq: s.rsrq,
    verdict,
    verdict_text: SIGNAL_VERDICT_LABEL[verdict],
  };
}

export function summaryOf(customNum: string, s: DeviceState, reachText = ''): DeviceSummary {
  const verdict = signalVerdict(s.signal);
  return {
    reachable: reachText === '',
    reach_text: reachText,
    custom_num: customNum,
    serial: s.serial,
    model: s.model,
    model_name: s.modelName,
    portable: s.portable,
    online: s.online,
    battery: s.battery,
    carrier: s.carrier,
    carrier_name: s.carrier === null ? '' : (CARRIER_LABEL[s.carrier] ?? '未知网络'),
    signal_verdict: verdict,
    signal_text: SIGNAL_VERDICT_LABEL[verdict],
  };
}

/** When a pending change will take effect, in the owner's words. */
function pendingNote(s: DeviceState, kind: DeviceChangeKind): string {
  // a firmware upgrade support pushed (docs/decisions/0040-firmware-through-the-acs.md): the one thing the holder must not do is cut the power
  if (kind === 'firmware') return s.online && !s.backOnlineAt ? '设备升级中，请勿断电' : '设备离线，上线后开始升级';
  if (s.backOnlineAt) return '设备重启中，上线后生效';
  if (!s.online) return '设备离线，上线后生效';
  return `设备下次联网时生效（约${s.checkinSeconds}秒内）`;
}

/** A change as recorded, while the device's cloud cannot say more: nothing can withdraw it now. */
export function storedView(row: repo.ChangeRow, state: DeviceState): DeviceChange {
  return { ...changeView(row, state), cancellable: false };
}

export function changeView(row: repo.ChangeRow, state: DeviceState | null): DeviceChange {
  const st = row.state as DeviceChangeState;
  const kind = row.kind as DeviceChangeKind;
  return {
    id: row.id,
    kind,
    kind_text: DEVICE_CHANGE_KIND_LABEL[kind],
    summary: row.summary,
    state: st,
    state_text: DEVICE_CHANGE_STATE_LABEL[st],
    reason: row.reason,
    note: st === 'pending' && state ? pendingNote(state, kind) : '',
    requested_by: row.actor,
    created_at: row.created_at,
    settled_at: row.settled_at ?? '',
    // support pushed it and follows it up in the console: the holder's pages offer no firmware controls
    cancellable: st === 'pending' && kind !== 'firmware',
  };
}

export async function pendingViews(ctx: AppContext, o: Owned, s: DeviceState, kinds?: DeviceChangeKind[]): Promise<DeviceChange[]> {
  const rows = await settlePending(ctx, s.serial, await repo.pendingChanges(ctx.db.kysely, o.device.id));
  return rows.filter((r) => r.state === 'pending' && (!kinds || kinds.includes(r.kind as DeviceChangeKind))).map((r) => changeView(r, s));
}

export function wifiView(w: WifiSettings) {
  return {
    ssid: w.ssid,
    hidden: w.hidden,
    security: w.security,
    security_text: WIFI_SECURITY_LABEL[w.security],
    band: w.band,
    band_text: WIFI_BAND_LABEL[w.band],
    max_clients: w.maxClients,
  };
}
