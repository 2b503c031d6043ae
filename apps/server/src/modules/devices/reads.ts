// The holder's reads of a wifi device: the list, status, wifi, clients, SIMs and the log of changes.
// A read while the device's cloud cannot be reached answers what the portal knows and says so
// (docs/decisions/0055); pending changes are asked about first, so a page shows what the router did.
import type { ClientsAnswer, DeviceChange, DeviceStatus, DeviceSummary, SimsAnswer, WifiAnswer } from '@portal/contract';
import { CARRIER_LABEL, networkModeText } from '@portal/contract/enums';
import { deviceReport, simCarrier, wifiJoinUri } from '@portal/domain';
import { networkName } from '@portal/domain/network';
import type { AppContext } from '../../context';
import type { Auth } from '../auth';
import { accessibleCard, cardRecord } from '../cardRecord';
import { freshLine, planOf } from '../line';
import { abilitiesOf, capabilitiesOf, deviceError, NOTHING_NOW, ownedDevice, readState, stateOf, type Owned } from './deviceAccess';
import { DeviceCode } from '@portal/contract/deviceCodes';
import * as repo from './repo';
import { deviceGateway, settlePending } from './settle';
import { changeView, pendingViews, signalInfo, storedView, summaryOf, wifiView } from './views';

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

export async function summaryNow(ctx: AppContext, customNum: string, serial: string): Promise<DeviceSummary> {
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

export async function changeRow(ctx: AppContext, o: Owned, id: number): Promise<repo.ChangeRow> {
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
