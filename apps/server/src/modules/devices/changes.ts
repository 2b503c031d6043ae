// The holder's changes of a wifi device: wifi settings, blocked clients, the SIM in use, the
// network mode, reboot and factory reset, and withdrawing one still queued. Each is checked against
// the model's abilities before anything is sent, queued at the device's cloud for its next
// check-in, and recorded (device_changes) with who asked, what and when.
import type { DeviceChange, WifiChangeRequest } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import { DeviceCode } from '@portal/contract/deviceCodes';
import {
  CARRIER_LABEL,
  DEVICE_CHANGE_STATE_LABEL,
  NETWORK_MODE_LABEL,
  WIFI_BAND_LABEL,
  WIFI_SECURITY_LABEL,
  type DeviceChangeKind,
  type DeviceChangeState,
  type NetworkMode,
} from '@portal/contract/enums';
import type { AppContext } from '../../context';
import { DeviceUnsupported, type CommandStatus, type DeviceGateway, type WifiSettings } from '../../integrations/device/gateway';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit, minutesOf, type ThrottleRule } from '../../lib/throttle';
import type { Auth } from '../auth';
import { capabilitiesOf, deviceError, ownedDevice, requireCapability, stateOf, type Owned } from './deviceAccess';
import { changeRow } from './reads';
import * as repo from './repo';
import { deviceGateway } from './settle';
import { changeView, pendingViews } from './views';

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
