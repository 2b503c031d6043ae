// Wifi devices: status, wifi, clients, SIMs, and changes queued for the device's next check-in.
// A device is its card's: only who may reach the card (modules/cardRecord accessibleCard) reads or
// changes it, and anybody else gets the same answer as for an unknown device. Every change is
// recorded (device_changes) with who asked, what, when, and — once the device has spoken — the result.
import type {
  BindDeviceAnswer,
  ClientsAnswer,
  DeviceAbilities,
  DeviceChange,
  DeviceStatus,
  DeviceSummary,
  SignalInfo,
  SimsAnswer,
  WifiAnswer,
  WifiChangeRequest,
} from '@portal/contract';
import { Code } from '@portal/contract/codes';
import { DEVICE_MESSAGE, DeviceCode } from '@portal/contract/deviceCodes';
import {
  CARRIER_LABEL,
  DEVICE_CHANGE_KIND_LABEL,
  DEVICE_CHANGE_STATE_LABEL,
  NETWORK_MODE_LABEL,
  networkModeText,
  SIGNAL_VERDICT_LABEL,
  WIFI_BAND_LABEL,
  WIFI_SECURITY_LABEL,
  type DeviceChangeKind,
  type DeviceChangeState,
  type NetworkMode,
} from '@portal/contract/enums';
import { deviceReport, signalVerdict, simCarrier, wifiJoinUri } from '@portal/domain';
import { networkName } from '@portal/domain/network';
import type { AppContext } from '../../context';
import type { Capability, DeviceCapabilities } from '../../integrations/device/capabilities';
import {
  DeviceUnreachable,
  DeviceUnsupported,
  type CommandStatus,
  type DeviceGateway,
  type DeviceState,
  type RadioSignal,
  type WifiSettings,
} from '../../integrations/device/gateway';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit, minutesOf, type ThrottleRule } from '../../lib/throttle';
import { proveCardPassword, type Auth } from '../auth';
import { accessibleCard, cardRecord } from '../cardRecord';
import { cardOwner, claimCard, releaseCard } from '../cards';
import { freshLine, planOf } from '../line';
import * as repo from './repo';
import { deviceGateway, settlePending } from './settle';

const MINUTE = 60_000;

/**
 * Reboots and factory resets per device. A reboot takes everyone offline for a while and a reset
 * wipes the owner's settings: a few are normal, a stream of them is a script or a stuck button.
 */
export const LIMITS = {
  reboot: { limit: 3, windowMs: 10 * MINUTE },
  reset: { limit: 2, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, ThrottleRule>;

const limitKey = (kind: 'reboot' | 'reset', serial: string) => `device:${kind}:${serial}`;

/** A device business error: its code, and its own message or the code's (contract deviceCodes). */
function deviceError(code: DeviceCode, message?: string): AppError {
  return new AppError(code, message ?? DEVICE_MESSAGE[code]);
}

interface Owned {
  device: repo.DeviceRow;
  customNum: string;
}

/** The device of a card the caller may reach; an unknown card, a card without a device and somebody else's card answer alike. */
async function ownedDevice(ctx: AppContext, auth: Auth, customNum: string): Promise<Owned> {
  let cardId: number;
  try {
    cardId = (await accessibleCard(ctx, auth, customNum)).id;
  } catch (err) {
    if (err instanceof AppError && (err.code === Code.CARD_NOT_FOUND || err.code === Code.FORBIDDEN))
      throw deviceError(DeviceCode.NOT_FOUND);
    throw err;
  }
  const device = await repo.deviceByCard(ctx.db.kysely, cardId);
  if (!device) throw deviceError(DeviceCode.NOT_FOUND);
  return { device, customNum };
}

async function stateOf(ctx: AppContext, serial: string): Promise<DeviceState> {
  const state = await deviceGateway(ctx).status(serial);
  // the portal's registry names a device its cloud does not know: a fault, not the caller's
  if (!state) throw new Error(`device cloud does not know ${serial}`);
  return state;
}

/**
 * A read while the device's cloud cannot be reached (docs/decisions/0055): the page answers with
 * what the portal knows — the state this process last read, else only the stored facts (serial,
 * card, the changes still pending) — and says so; offline, since nothing reaches it now.
 */
interface Read {
  state: DeviceState;
  /** '' when the cloud answered; else the words the pages show */
  reachText: string;
}

const REACH_LAST = '设备暂时无法连接，显示的是上次获取的信息';
const REACH_NOTHING = '设备暂时无法连接，暂时无法获取设备信息';

/** The stored facts alone: nothing the device reported, so nothing guessed beyond the serial. */
function storedOnly(serial: string): DeviceState {
  return {
    serial,
    imei: '',
    model: 0,
    modelName: '',
    modelKey: '',
    firmware: '',
    portable: false,
    supports5g: false,
    online: false,
    onlineChangedAt: '',
    backOnlineAt: null,
    battery: null,
    uptimeSeconds: 0,
    networkMode: 'auto',
    activeIccid: '',
    carrier: null,
    signal: null,
    wifi: { ssid: '', password: '', hidden: false, security: 'wpa2', band: 'both', maxClients: 0 },
    wifiPasswordRead: false,
    checkinSeconds: 0,
  };
}

async function readState(ctx: AppContext, serial: string): Promise<Read> {
  try {
    return { state: await stateOf(ctx, serial), reachText: '' };
  } catch (err) {
    if (!(err instanceof DeviceUnreachable)) throw err;
    const last = deviceGateway(ctx).lastKnown?.(serial);
    if (!last) return { state: storedOnly(serial), reachText: REACH_NOTHING };
    // the last values, as of then: not online now (nothing reaches it), no live signal
    return { state: { ...last, online: false, backOnlineAt: null, signal: null, carrier: null }, reachText: REACH_LAST };
  }
}

/** Nothing can be asked of a device its cloud cannot reach: the pages offer no controls. */
const NOTHING_NOW: DeviceAbilities = {
  wifi_ssid: false,
  wifi_password: false,
  wifi_hidden: false,
  wifi_security: false,
  wifi_band: false,
  wifi_max_clients: false,
  clients_block: false,
  sims_switch: false,
  network_mode: false,
  reboot: false,
  reset: false,
  wifi_security_values: [],
  wifi_band_values: [],
};

// ---------- what the model can do (docs/decisions/0032-routers-through-genieacs.md) ----------

async function capabilitiesOf(ctx: AppContext, serial: string): Promise<DeviceCapabilities> {
  return deviceGateway(ctx).capabilities(serial);
}

function abilitiesOf(c: DeviceCapabilities): DeviceAbilities {
  return {
    wifi_ssid: c['wifi.ssid'],
    wifi_password: c['wifi.password'],
    wifi_hidden: c['wifi.hidden'],
    wifi_security: c['wifi.security'],
    wifi_band: c['wifi.band'],
    wifi_max_clients: c['wifi.maxClients'],
    clients_block: c['clients.block'],
    sims_switch: c['sims.switch'],
    network_mode: c.networkMode,
    reboot: c.reboot,
    reset: c.reset,
    wifi_security_values: [...c.choices.wifiSecurity],
    wifi_band_values: [...c.choices.wifiBand],
  };
}

/** A change the device's model cannot make: refused before anything is sent or written. */
function requireCapability(c: DeviceCapabilities, capability: Capability, what: string): void {
  if (!c[capability]) throw deviceError(DeviceCode.UNSUPPORTED, `该设备型号不支持${what}`);
}

// ---------- answers ----------

function signalInfo(s: RadioSignal | null): SignalInfo | null {
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

function summaryOf(customNum: string, s: DeviceState, reachText = ''): DeviceSummary {
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
function storedView(row: repo.ChangeRow, state: DeviceState): DeviceChange {
  return { ...changeView(row, state), cancellable: false };
}

function changeView(row: repo.ChangeRow, state: DeviceState | null): DeviceChange {
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

async function pendingViews(ctx: AppContext, o: Owned, s: DeviceState, kinds?: DeviceChangeKind[]): Promise<DeviceChange[]> {
  const rows = await settlePending(ctx, s.serial, await repo.pendingChanges(ctx.db.kysely, o.device.id));
  return rows.filter((r) => r.state === 'pending' && (!kinds || kinds.includes(r.kind as DeviceChangeKind))).map((r) => changeView(r, s));
}

// ---------- reads ----------

export async function deviceList(ctx: AppContext, auth: Auth): Promise<DeviceSummary[]> {
  const rows =
    auth.userId !== 0
      ? await repo.devicesOfUser(ctx.db.kysely, auth.userId)
      : await (async () => {
          // a card-number login sees the device of its own card, if it is in one
          const card = auth.customNum ? await cardRecord.cardByNum(ctx.db.kysely, auth.customNum) : undefined;
          const device = card ? await repo.deviceByCard(ctx.db.kysely, card.id) : undefined;
          return card && device ? [{ ...device, custom_num: card.custom_num }] : [];
        })();
  return Promise.all(rows.map((r) => summaryNow(ctx, r.custom_num, r.serial)));
}

async function summaryNow(ctx: AppContext, customNum: string, serial: string): Promise<DeviceSummary> {
  const { state, reachText } = await readState(ctx, serial);
  return summaryOf(customNum, state, reachText);
}

export async function deviceStatus(ctx: AppContext, auth: Auth, customNum: string): Promise<DeviceStatus> {
  const o = await ownedDevice(ctx, auth, customNum);
  const { state: s, reachText } = await readState(ctx, o.device.serial);
  const [clients, sims, pending, can] = reachText
    ? // the changes still waiting, as stored: the cloud cannot say whether they ran
      [[], [], (await repo.pendingChanges(ctx.db.kysely, o.device.id)).map((r) => storedView(r, s)), NOTHING_NOW]
    : await Promise.all([
        deviceGateway(ctx).clients(s.serial),
        deviceGateway(ctx).sims(s.serial),
        pendingViews(ctx, o, s),
        capabilitiesOf(ctx, s.serial).then(abilitiesOf),
      ]);
  return {
    ...summaryOf(customNum, s, reachText),
    imei: s.imei,
    firmware: s.firmware,
    online_changed_at: s.onlineChangedAt,
    back_online_at: s.backOnlineAt ?? '',
    uptime_seconds: s.uptimeSeconds,
    network_mode: s.networkMode,
    network_mode_text: networkModeText(s.networkMode, s.supports5g),
    active_iccid: s.activeIccid,
    signal: signalInfo(s.signal),
    wifi: wifiView(s.wifi),
    client_count: clients.filter((c) => !c.blocked).length,
    sim_count: sims.length,
    pending,
    checkin_seconds: s.checkinSeconds,
    can,
  };
}

function wifiView(w: WifiSettings) {
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

export async function deviceWifi(ctx: AppContext, auth: Auth, customNum: string): Promise<WifiAnswer> {
  const o = await ownedDevice(ctx, auth, customNum);
  const s = await stateOf(ctx, o.device.serial);
  return {
    custom_num: customNum,
    ...wifiView(s.wifi),
    // a passphrase the router hides is 未读取: never "" shown as the passphrase, nor a join code without it
    password: s.wifiPasswordRead ? s.wifi.password : '',
    password_read: s.wifiPasswordRead,
    join_uri: s.wifiPasswordRead ? wifiJoinUri(s.wifi) : '',
    online: s.online,
    pending: await pendingViews(ctx, o, s, ['wifi', 'reset']),
    can: abilitiesOf(await capabilitiesOf(ctx, s.serial)),
  };
}

export async function deviceClients(ctx: AppContext, auth: Auth, customNum: string): Promise<ClientsAnswer> {
  const o = await ownedDevice(ctx, auth, customNum);
  const s = await stateOf(ctx, o.device.serial);
  const clients = await deviceGateway(ctx).clients(s.serial);
  return {
    custom_num: customNum,
    max_clients: s.wifi.maxClients,
    online: s.online,
    list: clients.map((c) => ({ mac: c.mac, name: c.name, ip: c.ip, band: c.band, connected_at: c.connectedAt, blocked: c.blocked })),
    pending: await pendingViews(ctx, o, s, ['block_client', 'unblock_client', 'reset']),
    can: abilitiesOf(await capabilitiesOf(ctx, s.serial)),
  };
}

export async function deviceSims(ctx: AppContext, auth: Auth, customNum: string): Promise<SimsAnswer> {
  const o = await ownedDevice(ctx, auth, customNum);
  const s = await stateOf(ctx, o.device.serial);
  const sims = await deviceGateway(ctx).sims(s.serial);
  const { card, line } = await freshLine(ctx, await accessibleCard(ctx, auth, customNum));
  // one truth (docs/decisions/0066): the card's own SIM is on the line's network, whatever the
  // device reports; an offline device's signal is its last report, as of then, never live
  const cardNetwork = { iccid: card.iccid, network: networkName(card) };
  const report = deviceReport(s);
  return {
    custom_num: customNum,
    online: s.online,
    reported_at: report.reported_at,
    multi_sim: sims.length > 1,
    network_mode: s.networkMode,
    network_mode_text: networkModeText(s.networkMode, s.supports5g),
    supports_5g: s.supports5g,
    list: sims.map((m) => {
      const carrier = simCarrier(m, cardNetwork);
      return {
        iccid: m.iccid,
        slot: m.slot,
        carrier,
        carrier_name: CARRIER_LABEL[carrier] ?? '未知网络',
        activated: m.activated,
        active: m.active,
        online: report.live && m.online,
        signal: signalInfo(m.signal),
      };
    }),
    // the SIMs share the card's plan: its figures come from the line, never from the device
    plan: planOf(line),
    pending: await pendingViews(ctx, o, s, ['switch_sim', 'network_mode', 'reset']),
    can: abilitiesOf(await capabilitiesOf(ctx, s.serial)),
  };
}

export async function deviceChanges(ctx: AppContext, auth: Auth, customNum: string): Promise<DeviceChange[]> {
  const o = await ownedDevice(ctx, auth, customNum);
  const { state: s, reachText } = await readState(ctx, o.device.serial);
  const rows = await repo.recentChanges(ctx.db.kysely, o.device.id);
  // the log is the portal's own record: shown as stored while the cloud cannot settle the pending ones
  return reachText ? rows.map((r) => storedView(r, s)) : (await settlePending(ctx, s.serial, rows)).map((r) => changeView(r, s));
}

async function changeRow(ctx: AppContext, o: Owned, id: number): Promise<repo.ChangeRow> {
  const row = await repo.changeOf(ctx.db.kysely, o.device.id, id);
  if (!row) throw deviceError(DeviceCode.CHANGE_NOT_FOUND);
  return row;
}

export async function deviceChange(ctx: AppContext, auth: Auth, customNum: string, id: number): Promise<DeviceChange> {
  const o = await ownedDevice(ctx, auth, customNum);
  const row = await changeRow(ctx, o, id);
  const { state: s, reachText } = await readState(ctx, o.device.serial);
  if (reachText) return storedView(row, s);
  const [now] = await settlePending(ctx, s.serial, [row]);
  return changeView(now!, s);
}

// ---------- binding ----------

/**
 * Adds a device: its serial TOGETHER WITH the card inside it and that card's password (docs/decisions/0028)
 * — a serial and a card number are printed side by side on the box, so the pair
 * alone proves nothing. An unknown serial, a wrong pair and a wrong password give one answer, under
 * the card-password limits (per card and source, per account, per address).
 */
export async function bindDevice(
  ctx: AppContext,
  auth: Auth,
  req: { serial: string; custom_num: string; password: string },
  ip: string,
): Promise<BindDeviceAnswer> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能添加设备，请使用手机号或账号登录后添加');
  const db = ctx.db.kysely;
  const device = await repo.deviceBySerial(db, req.serial);
  const card = await cardRecord.cardByNum(db, req.custom_num);
  const paired = device && card && card.id === device.card_id ? card : undefined;
  let owner = paired ? await cardOwner(db, paired.id) : null;
  // the caller's own device again: nothing to prove
  if (paired && owner === auth.userId) return { device: await summaryNow(ctx, paired.custom_num, req.serial), already_bound: true };
  await proveCardPassword(
    ctx,
    { userId: auth.userId, ip },
    req.custom_num,
    paired,
    req.password,
    (id, newHash, oldHash) => cardRecord.replacePasswordHash(db, id, oldHash, newHash),
    '设备序列号、卡号或卡密码不正确',
  );
  const held = paired!;
  if (owner === null) owner = await claimCard(db, auth.userId, held.id, clock.iso());
  if (owner !== auth.userId) throw deviceError(DeviceCode.ALREADY_BOUND);
  // claimed: the answer says so even when the device's cloud cannot be reached right now
  return { device: await summaryNow(ctx, held.custom_num, req.serial), already_bound: false };
}

export async function unbindDevice(ctx: AppContext, auth: Auth, customNum: string): Promise<{ custom_num: string; serial: string }> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能解绑设备，请使用手机号或账号登录后操作');
  const o = await ownedDevice(ctx, auth, customNum);
  // the device goes with its card: unbinding releases both, so the next holder can add it
  if (!(await releaseCard(ctx.db.kysely, auth.userId, o.device.card_id))) throw deviceError(DeviceCode.NOT_FOUND);
  return { custom_num: customNum, serial: o.device.serial };
}

// ---------- changes ----------

async function actorOf(ctx: AppContext, auth: Auth): Promise<string> {
  if (auth.userId === 0) return `卡号登录 ${auth.customNum}`;
  return repo.userLabel(ctx.db.kysely, auth.userId);
}

/** Queue the command at the device cloud and record it; answers the change as it stands (待生效). */
async function queue(
  ctx: AppContext,
  auth: Auth,
  o: Owned,
  kind: DeviceChangeKind,
  summary: string,
  send: (gw: DeviceGateway, serial: string) => Promise<CommandStatus>,
): Promise<DeviceChange> {
  let command: CommandStatus;
  try {
    command = await send(deviceGateway(ctx), o.device.serial);
  } catch (err) {
    // e.g. WPA3 on a router whose map writes only WPA2: refused before anything reached it
    if (err instanceof DeviceUnsupported) throw deviceError(DeviceCode.UNSUPPORTED, '该设备型号不支持此设置');
    throw err;
  }
  const row = await repo.insertChange(ctx.db.kysely, {
    device_id: o.device.id,
    user_id: auth.userId,
    actor: await actorOf(ctx, auth),
    kind,
    summary,
    command_id: command.id,
    state: command.state,
    // a router can refuse at once (a fault while the ACS waited): the reason comes with the answer
    reason: command.reason,
    created_at: command.createdAt,
    settled_at: command.settledAt,
  });
  return changeView(row, await stateOf(ctx, o.device.serial));
}

export async function changeWifi(ctx: AppContext, auth: Auth, req: WifiChangeRequest): Promise<DeviceChange> {
  const o = await ownedDevice(ctx, auth, req.custom_num);
  const state = await stateOf(ctx, o.device.serial);
  const now = state.wifi;
  const change: Partial<WifiSettings> = {};
  const parts: string[] = [];
  if (req.ssid !== undefined && req.ssid !== now.ssid) {
    change.ssid = req.ssid;
    parts.push(`WiFi名称改为「${req.ssid}」`);
  }
  // a passphrase the router hides cannot be compared: whatever the holder sends is the new one
  if (req.password !== undefined && (!state.wifiPasswordRead || req.password !== now.password)) {
    change.password = req.password;
    parts.push('修改WiFi密码');
  }
  if (req.hidden !== undefined && req.hidden !== now.hidden) {
    change.hidden = req.hidden;
    parts.push(req.hidden ? '隐藏WiFi' : '取消隐藏WiFi');
  }
  if (req.security !== undefined && req.security !== now.security) {
    change.security = req.security;
    parts.push(`加密方式改为${WIFI_SECURITY_LABEL[req.security]}`);
  }
  if (req.band !== undefined && req.band !== now.band) {
    change.band = req.band;
    parts.push(`频段改为${WIFI_BAND_LABEL[req.band]}`);
  }
  if (req.max_clients !== undefined && req.max_clients !== now.maxClients) {
    change.maxClients = req.max_clients;
    parts.push(`最大连接数改为${req.max_clients}`);
  }
  if (parts.length === 0) throw deviceError(DeviceCode.NOTHING_TO_CHANGE, 'WiFi设置与当前相同，无需修改');
  const caps = await capabilitiesOf(ctx, o.device.serial);
  if (change.ssid !== undefined) requireCapability(caps, 'wifi.ssid', '修改WiFi名称');
  if (change.password !== undefined) requireCapability(caps, 'wifi.password', '修改WiFi密码');
  if (change.hidden !== undefined) requireCapability(caps, 'wifi.hidden', '隐藏WiFi');
  if (change.security !== undefined) requireCapability(caps, 'wifi.security', '修改加密方式');
  if (change.band !== undefined) requireCapability(caps, 'wifi.band', '修改WiFi频段');
  if (change.maxClients !== undefined) requireCapability(caps, 'wifi.maxClients', '修改最大连接数');
  return queue(ctx, auth, o, 'wifi', parts.join('，'), (gw, serial) => gw.changeWifi(serial, change));
}

export async function blockClient(ctx: AppContext, auth: Auth, customNum: string, mac: string, block: boolean): Promise<DeviceChange> {
  const o = await ownedDevice(ctx, auth, customNum);
  requireCapability(await capabilitiesOf(ctx, o.device.serial), 'clients.block', '拉黑终端');
  const clients = await deviceGateway(ctx).clients(o.device.serial);
  const client = clients.find((c) => c.mac === mac);
  if (block) {
    if (!client) throw deviceError(DeviceCode.CLIENT_NOT_CONNECTED);
    if (client.blocked) throw deviceError(DeviceCode.NOTHING_TO_CHANGE, '该终端已在拉黑名单中');
    return queue(ctx, auth, o, 'block_client', `拉黑终端「${client.name}」（${mac}）`, (gw, serial) => gw.blockClient(serial, mac));
  }
  if (!client?.blocked) throw deviceError(DeviceCode.CLIENT_NOT_CONNECTED, '该终端不在拉黑名单中');
  return queue(ctx, auth, o, 'unblock_client', `解除拉黑「${client.name}」（${mac}）`, (gw, serial) => gw.unblockClient(serial, mac));
}

export async function switchSim(ctx: AppContext, auth: Auth, customNum: string, iccid: string): Promise<DeviceChange> {
  const o = await ownedDevice(ctx, auth, customNum);
  requireCapability(await capabilitiesOf(ctx, o.device.serial), 'sims.switch', '切换SIM卡');
  const sims = await deviceGateway(ctx).sims(o.device.serial);
  const target = sims.find((m) => m.iccid === iccid);
  if (!target) throw deviceError(DeviceCode.SIM_NOT_FOUND);
  const name = CARRIER_LABEL[target.carrier] ?? '未知网络';
  if (target.active) throw deviceError(DeviceCode.NOTHING_TO_CHANGE, `设备正在使用${name}，无需切换`);
  return queue(ctx, auth, o, 'switch_sim', `切换到${name}（卡槽${target.slot}）`, (gw, serial) => gw.switchSim(serial, iccid));
}

export async function setNetworkMode(ctx: AppContext, auth: Auth, customNum: string, mode: NetworkMode): Promise<DeviceChange> {
  const o = await ownedDevice(ctx, auth, customNum);
  const s = await stateOf(ctx, o.device.serial);
  if (mode === '5g' && !s.supports5g) throw deviceError(DeviceCode.UNSUPPORTED, '该设备不支持5G网络');
  requireCapability(await capabilitiesOf(ctx, o.device.serial), 'networkMode', '切换网络模式');
  if (mode === s.networkMode) throw deviceError(DeviceCode.NOTHING_TO_CHANGE, `网络模式已是${NETWORK_MODE_LABEL[mode]}`);
  return queue(ctx, auth, o, 'network_mode', `网络模式改为${NETWORK_MODE_LABEL[mode]}`, (gw, serial) => gw.setNetworkMode(serial, mode));
}

/** Reboot or factory reset: confirmed by the schema, one at a time, and rate-limited per device. */
export async function restart(ctx: AppContext, auth: Auth, customNum: string, kind: 'reboot' | 'reset'): Promise<DeviceChange> {
  const o = await ownedDevice(ctx, auth, customNum);
  const s = await stateOf(ctx, o.device.serial);
  requireCapability(await capabilitiesOf(ctx, o.device.serial), kind, kind === 'reboot' ? '远程重启' : '远程恢复出厂设置');
  const queued = await pendingViews(ctx, o, s, [kind]);
  if (queued.length > 0)
    throw deviceError(DeviceCode.CHANGE_PENDING, kind === 'reboot' ? '设备已在等待重启，请稍候' : '恢复出厂设置已在等待执行，请稍候');
  const attempt = await hit(ctx.db.kysely, limitKey(kind, o.device.serial), LIMITS[kind]);
  if (!attempt.allowed) {
    const what = kind === 'reboot' ? '重启' : '恢复出厂设置';
    throw new AppError(Code.RATE_LIMITED, `${what}过于频繁，请${minutesOf(attempt.retryAfterMs)}分钟后再试`);
  }
  return kind === 'reboot'
    ? queue(ctx, auth, o, 'reboot', '重启设备', (gw, serial) => gw.reboot(serial))
    : queue(ctx, auth, o, 'reset', '恢复出厂设置（WiFi名称和密码、拉黑名单、网络模式恢复出厂值）', (gw, serial) => gw.factoryReset(serial));
}

export async function cancelChange(ctx: AppContext, auth: Auth, customNum: string, id: number): Promise<DeviceChange> {
  const o = await ownedDevice(ctx, auth, customNum);
  const row = await changeRow(ctx, o, id);
  if (row.state !== 'pending')
    throw deviceError(DeviceCode.CHANGE_SETTLED, `该操作${DEVICE_CHANGE_STATE_LABEL[row.state as DeviceChangeState]}，无法撤销`);
  if (row.kind === 'firmware') throw deviceError(DeviceCode.CHANGE_SETTLED, '固件升级由客服发起，如需取消请联系客服');
  const c = await deviceGateway(ctx).cancel(o.device.serial, row.command_id);
  if (!c) throw new Error(`device cloud lost command ${row.command_id}`);
  const settledAt = c.settledAt ?? clock.iso();
  if (c.state !== 'pending') await repo.settleChange(ctx.db.kysely, row.id, c.state, c.reason, settledAt);
  if (c.state !== 'cancelled')
    throw deviceError(DeviceCode.CHANGE_SETTLED, `设备已处理该操作（${DEVICE_CHANGE_STATE_LABEL[c.state]}），无法撤销`);
  return changeView({ ...row, state: c.state, reason: c.reason, settled_at: settledAt }, await stateOf(ctx, o.device.serial));
}
