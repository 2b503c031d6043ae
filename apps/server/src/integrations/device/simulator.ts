import type { Selectable } from 'kysely';
import { CARRIER_LABEL, type DeviceChangeKind, type DeviceChangeState, type NetworkMode } from '@portal/contract/enums';
import { canAttach } from '@portal/domain';
import type { Db } from '../../db/connect';
import type { Executor } from '../../db/executor';
import type { SimDeviceCommandsTable, SimDeviceSimsTable, SimDevicesTable } from '../../db/schema';
import { clock } from '../../lib/clock';
import { ALL_CAPABILITIES, type DeviceCapabilities } from './capabilities';
import type {
  CommandStatus,
  DeviceClientInfo,
  DeviceCommand,
  DeviceGateway,
  DeviceModelInfo,
  DeviceSimInfo,
  DeviceState,
  FirmwareFile,
  RadioSignal,
  WifiSettings,
} from './gateway';
import { faultReason } from './genieacs/faults';

type DeviceRow = Selectable<SimDevicesTable>;
type SimRow = Selectable<SimDeviceSimsTable>;
type CommandRow = Selectable<SimDeviceCommandsTable>;

export interface DeviceSimulatorOptions {
  /** how often a device checks in with its cloud (DEVICE_CHECKIN_SECONDS) */
  checkinMs: number;
  /** how long a reboot or a factory reset keeps a device offline (DEVICE_REBOOT_SECONDS) */
  rebootMs: number;
}

/** Check-ins one catch-up may run: each one applies a batch or ends a reboot, so a handful is plenty. */
const MAX_CHECKINS_PER_CATCH_UP = 50;

const iso = (ms: number) => new Date(ms).toISOString();
const carrierName = (carrier: number) => CARRIER_LABEL[carrier] ?? '未知网络';

/** What the device measures on a SIM's network in a network mode; null = nothing to attach to. */
function signalOf(sim: SimRow, mode: string, device5g: boolean): RadioSignal | null {
  if (sim.rsrp === null) return null;
  const fiveG = mode !== '4g' && device5g && sim.band_5g !== '';
  if (mode === '5g' && !fiveG) return null;
  return { networkType: fiveG ? '5G' : '4G', band: fiveG ? sim.band_5g : sim.band_4g, rsrp: sim.rsrp, sinr: sim.sinr, rsrq: sim.rsrq };
}

function commandStatus(c: CommandRow): CommandStatus {
  return {
    id: String(c.id),
    kind: c.kind as DeviceChangeKind,
    state: c.state as DeviceChangeState,
    reason: c.reason,
    createdAt: c.created_at,
    settledAt: c.settled_at,
  };
}

/** A command's arguments without the wifi password, once the device no longer needs it. */
function scrubbed(payload: string): string {
  const p = JSON.parse(payload) as DeviceCommand;
  if (p.kind === 'wifi' && p.wifi.password !== undefined) return JSON.stringify({ ...p, wifi: { ...p.wifi, password: '***' } });
  return payload;
}

interface Outcome {
  state: 'applied' | 'failed';
  reason: string;
}

/**
 * Device stand-in: a vendor's device cloud and its devices. State lives in sim_devices and its
 * companions (shared by all server processes). A device checks in every `checkinMs` on a fixed
 * schedule (next_checkin_at + k × checkinMs); a command queued at time C is applied at the first
 * check-in at or after C. Nothing runs in the background: whoever reads a device first runs the
 * check-ins that are due by now (catchUp), inside one transaction holding the device row's lock
 * (SELECT … FOR UPDATE on PostgreSQL; SQLite has one writer), and every command is claimed with a
 * conditional update (state still 'pending') before its effect is applied, so two processes
 * catching up together, or a cancel racing a check-in, apply each command at most once
 * (docs/decisions/0012-device-simulator.md).
 */
export class DeviceSimulator implements DeviceGateway {
  constructor(
    private readonly db: Db,
    private readonly opts: DeviceSimulatorOptions,
  ) {}

  // ---------- the check-in ----------

  /** Runs the check-ins due by now; answers the device as it is now (undefined: unknown serial). */
  private async catchUp(serial: string): Promise<DeviceRow | undefined> {
    const now = clock.now().getTime();
    const peek = await this.device(this.db.kysely, serial);
    if (!peek || !(await this.due(peek, now))) return peek;
    return this.db.kysely.transaction().execute(async (trx) => {
      let q = trx.selectFrom('sim_devices').selectAll().where('serial', '=', serial);
      if (this.db.dialect === 'postgres') q = q.forUpdate();
      const before = await q.executeTakeFirstOrThrow();
      let dev = { ...before };
      for (let i = 0; i < MAX_CHECKINS_PER_CATCH_UP; i++) {
        if (dev.offline_until) {
          const back = Date.parse(dev.offline_until);
          if (back > now) break;
          // back from a reboot: it boots, and checks in at once
          dev = { ...dev, online: 1, online_changed_at: iso(back), offline_until: null, boot_at: iso(back), next_checkin_at: iso(back) };
        }
        if (!dev.online) break;
        const pending = await this.pendingCommands(trx, serial);
        if (pending.length === 0) break;
        const at = this.checkinFor(dev, Date.parse(pending[0]!.created_at));
        if (at > now) break;
        dev = await this.checkIn(
          trx,
          dev,
          pending.filter((c) => Date.parse(c.created_at) <= at),
          at,
        );
      }
      const { serial: _s, ...columns } = dev;
      if (JSON.stringify(dev) !== JSON.stringify(before))
        await trx.updateTable('sim_devices').set(columns).where('serial', '=', serial).execute();
      return dev;
    });
  }

  /** Whether a catch-up has anything to do (read without a lock: the common case writes nothing). */
  private async due(dev: DeviceRow, now: number): Promise<boolean> {
    if (dev.offline_until) return Date.parse(dev.offline_until) <= now;
    if (!dev.online) return false;
    const first = await this.db.kysely
      .selectFrom('sim_device_commands')
      .select('created_at')
      .where('serial', '=', dev.serial)
      .where('state', '=', 'pending')
      .orderBy('id')
      .executeTakeFirst();
    return first !== undefined && this.checkinFor(dev, Date.parse(first.created_at)) <= now;
  }

  /** The device's first scheduled check-in at or after `t`. */
  private checkinFor(dev: DeviceRow, t: number): number {
    const base = Date.parse(dev.next_checkin_at);
    const I = this.opts.checkinMs;
    return t <= base ? base : base + Math.ceil((t - base) / I) * I;
  }

  /** One check-in at time `at`: the batch is applied in order; a reboot ends it (the rest waits for the boot). */
  private async checkIn(trx: Executor, device: DeviceRow, batch: CommandRow[], at: number): Promise<DeviceRow> {
    let dev: DeviceRow = { ...device, next_checkin_at: iso(at + this.opts.checkinMs) };
    for (const cmd of batch) {
      const command = JSON.parse(cmd.payload) as DeviceCommand;
      const sims = await this.simRows(trx, dev.serial);
      const outcome = await this.outcome(trx, dev, sims, command);
      // claim it: a cancel (or another process) that got there first wins, and its effect is not applied
      const claimed = await trx
        .updateTable('sim_device_commands')
        .set({ state: outcome.state, reason: outcome.reason, settled_at: iso(at), payload: scrubbed(cmd.payload) })
        .where('id', '=', cmd.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      // a download fault is the one download's: the next one succeeds
      if (command.kind === 'firmware') dev = { ...dev, download_fault: '' };
      if (outcome.state === 'failed') continue;
      dev = await this.apply(trx, dev, sims, command, at);
      if (command.kind === 'reboot' || command.kind === 'reset' || command.kind === 'firmware') break;
    }
    return dev;
  }

  /** What the device will make of a command, given its state now. */
  private async outcome(trx: Executor, dev: DeviceRow, sims: SimRow[], c: DeviceCommand): Promise<Outcome> {
    const ok: Outcome = { state: 'applied', reason: '' };
    switch (c.kind) {
      case 'block_client':
      case 'unblock_client': {
        const client = await trx
          .selectFrom('sim_device_clients')
          .select('blocked')
          .where('serial', '=', dev.serial)
          .where('mac', '=', c.mac)
          .executeTakeFirst();
        if (!client) return { state: 'failed', reason: '该终端已断开连接' };
        return ok;
      }
      case 'switch_sim': {
        const target = sims.find((s) => s.iccid === c.iccid);
        const current = sims.find((s) => s.iccid === dev.active_iccid);
        const back = current ? `，已回退到${carrierName(current.carrier)}` : '';
        if (!target) return { state: 'failed', reason: `设备中已没有这张SIM卡${back}` };
        if (!target.activated) return { state: 'failed', reason: `${carrierName(target.carrier)}SIM卡未激活，无法切换${back}` };
        if (!canAttach(signalOf(target, dev.network_mode, dev.supports_5g === 1)))
          return { state: 'failed', reason: `${carrierName(target.carrier)}信号过弱，无法注册到网络${back}` };
        return ok;
      }
      case 'firmware':
        // the download fails as a router's does (CWMP 9010 …), in the same words
        if (dev.download_fault) return { state: 'failed', reason: faultReason(dev.download_fault) };
        return ok;
      case 'network_mode': {
        const active = sims.find((s) => s.iccid === dev.active_iccid);
        if (c.mode === '5g' && (!active || !canAttach(signalOf(active, '5g', dev.supports_5g === 1))))
          return { state: 'failed', reason: '当前网络没有可用的5G信号，已保持原网络模式' };
        return ok;
      }
      default:
        return ok;
    }
  }

  private async apply(trx: Executor, dev: DeviceRow, sims: SimRow[], c: DeviceCommand, at: number): Promise<DeviceRow> {
    const offlineForReboot = { online: 0, online_changed_at: iso(at), offline_until: iso(at + this.opts.rebootMs) };
    switch (c.kind) {
      case 'wifi': {
        const w = c.wifi;
        const next: DeviceRow = {
          ...dev,
          ssid: w.ssid ?? dev.ssid,
          wifi_password: w.password ?? dev.wifi_password,
          hidden: w.hidden === undefined ? dev.hidden : Number(w.hidden),
          security: w.security ?? dev.security,
          band: w.band ?? dev.band,
          max_clients: w.maxClients ?? dev.max_clients,
        };
        // a new name, password or security drops every client; those whose owners re-enter it come back
        if (next.ssid !== dev.ssid || next.wifi_password !== dev.wifi_password || next.security !== dev.security)
          await trx
            .updateTable('sim_device_clients')
            .set({ connected_at: iso(at) })
            .where('serial', '=', dev.serial)
            .execute();
        return next;
      }
      case 'block_client':
      case 'unblock_client':
        await trx
          .updateTable('sim_device_clients')
          .set({ blocked: c.kind === 'block_client' ? 1 : 0 })
          .where('serial', '=', dev.serial)
          .where('mac', '=', c.mac)
          .execute();
        return dev;
      case 'switch_sim':
        return { ...dev, active_iccid: c.iccid };
      case 'network_mode':
        return { ...dev, network_mode: c.mode };
      case 'reboot':
        return { ...dev, ...offlineForReboot };
      case 'firmware':
        // the image is flashed and the device boots into it: back after a reboot, on the new version
        return { ...dev, firmware: c.file.version, ...offlineForReboot };
      case 'reset': {
        // factory settings: the label's wifi, automatic mode, the first SIM, nobody connected or blocked
        await trx.deleteFrom('sim_device_clients').where('serial', '=', dev.serial).execute();
        const first = [...sims].sort((a, b) => a.slot - b.slot)[0];
        return {
          ...dev,
          ssid: dev.factory_ssid,
          wifi_password: dev.factory_password,
          hidden: 0,
          security: 'wpa2_wpa3',
          band: 'both',
          max_clients: dev.supports_5g ? 32 : 10,
          network_mode: 'auto',
          active_iccid: first?.iccid ?? dev.active_iccid,
          ...offlineForReboot,
        };
      }
    }
  }

  // ---------- reads ----------

  private async device(db: Executor, serial: string): Promise<DeviceRow | undefined> {
    return db.selectFrom('sim_devices').selectAll().where('serial', '=', serial).executeTakeFirst();
  }

  private async simRows(db: Executor, serial: string): Promise<SimRow[]> {
    return db.selectFrom('sim_device_sims').selectAll().where('serial', '=', serial).orderBy('slot').execute();
  }

  private async pendingCommands(db: Executor, serial: string): Promise<CommandRow[]> {
    return db
      .selectFrom('sim_device_commands')
      .selectAll()
      .where('serial', '=', serial)
      .where('state', '=', 'pending')
      .orderBy('id')
      .execute();
  }

  private async known(serial: string): Promise<DeviceRow> {
    const dev = await this.catchUp(serial);
    if (!dev) throw new Error(`device simulator: unknown device ${serial}`);
    return dev;
  }

  async status(serial: string): Promise<DeviceState | null> {
    const dev = await this.catchUp(serial);
    if (!dev) return null;
    const sims = await this.simRows(this.db.kysely, serial);
    const active = sims.find((s) => s.iccid === dev.active_iccid);
    const online = dev.online === 1;
    const now = clock.now().getTime();
    return {
      serial: dev.serial,
      imei: dev.imei,
      model: dev.model,
      modelName: dev.model_name,
      modelKey: dev.model_name,
      firmware: dev.firmware,
      portable: dev.portable === 1,
      supports5g: dev.supports_5g === 1,
      online,
      onlineChangedAt: dev.online_changed_at,
      backOnlineAt: dev.offline_until,
      battery: dev.battery,
      uptimeSeconds: online ? Math.max(0, Math.floor((now - Date.parse(dev.boot_at)) / 1000)) : 0,
      networkMode: dev.network_mode as NetworkMode,
      activeIccid: dev.active_iccid,
      carrier: online && active ? active.carrier : null,
      signal: online && active ? signalOf(active, dev.network_mode, dev.supports_5g === 1) : null,
      wifi: {
        ssid: dev.ssid,
        password: dev.wifi_password,
        hidden: dev.hidden === 1,
        security: dev.security as WifiSettings['security'],
        band: dev.band as WifiSettings['band'],
        maxClients: dev.max_clients,
      },
      // the simulator keeps the passphrase it was given
      wifiPasswordRead: true,
      checkinSeconds: Math.round(this.opts.checkinMs / 1000),
    };
  }

  /** The simulated devices can do everything the pages offer. */
  async capabilities(): Promise<DeviceCapabilities> {
    return ALL_CAPABILITIES;
  }

  /** The simulated models (by name): every one takes firmware. */
  async models(): Promise<DeviceModelInfo[]> {
    const rows = await this.db.kysely.selectFrom('sim_devices').select('model_name').distinct().orderBy('model_name').execute();
    return rows.map((r) => ({ key: r.model_name, name: r.model_name, firmware: true }));
  }

  async clients(serial: string): Promise<DeviceClientInfo[]> {
    const dev = await this.known(serial);
    const rows = await this.db.kysely
      .selectFrom('sim_device_clients')
      .selectAll()
      .where('serial', '=', serial)
      .orderBy('connected_at')
      .orderBy('id')
      .execute();
    // an offline device has nobody on its wifi; the blocked list is kept in the device
    return rows
      .filter((r) => dev.online === 1 || r.blocked === 1)
      .map((r) => ({ mac: r.mac, name: r.name, ip: r.ip, band: r.band, connectedAt: r.connected_at, blocked: r.blocked === 1 }));
  }

  async sims(serial: string): Promise<DeviceSimInfo[]> {
    const dev = await this.known(serial);
    const sims = await this.simRows(this.db.kysely, serial);
    return sims.map((s) => {
      const signal = signalOf(s, dev.network_mode, dev.supports_5g === 1);
      const active = s.iccid === dev.active_iccid;
      return {
        iccid: s.iccid,
        slot: s.slot,
        carrier: s.carrier,
        activated: s.activated === 1,
        active,
        online: active && dev.online === 1 && canAttach(signal),
        signal,
      };
    });
  }

  // ---------- changes: queued for the next check-in ----------

  private async submit(serial: string, command: DeviceCommand): Promise<CommandStatus> {
    await this.known(serial);
    const row = await this.db.kysely
      .insertInto('sim_device_commands')
      .values({ serial, kind: command.kind, payload: JSON.stringify(command), state: 'pending', created_at: clock.iso(), settled_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return commandStatus(row);
  }

  changeWifi(serial: string, wifi: Partial<WifiSettings>) {
    return this.submit(serial, { kind: 'wifi', wifi });
  }
  blockClient(serial: string, mac: string) {
    return this.submit(serial, { kind: 'block_client', mac });
  }
  unblockClient(serial: string, mac: string) {
    return this.submit(serial, { kind: 'unblock_client', mac });
  }
  switchSim(serial: string, iccid: string) {
    return this.submit(serial, { kind: 'switch_sim', iccid });
  }
  setNetworkMode(serial: string, mode: NetworkMode) {
    return this.submit(serial, { kind: 'network_mode', mode });
  }
  reboot(serial: string) {
    return this.submit(serial, { kind: 'reboot' });
  }
  factoryReset(serial: string) {
    return this.submit(serial, { kind: 'reset' });
  }
  upgradeFirmware(serial: string, file: FirmwareFile) {
    return this.submit(serial, { kind: 'firmware', file });
  }

  async commands(serial: string, ids: string[]): Promise<CommandStatus[]> {
    const numeric = ids.map(Number).filter((n) => Number.isInteger(n));
    if (numeric.length === 0) return [];
    await this.catchUp(serial);
    const rows = await this.db.kysely
      .selectFrom('sim_device_commands')
      .selectAll()
      .where('serial', '=', serial)
      .where('id', 'in', numeric)
      .execute();
    return rows.map(commandStatus);
  }

  async cancel(serial: string, id: string): Promise<CommandStatus | null> {
    const n = Number(id);
    if (!Number.isInteger(n)) return null;
    // a check-in that is already due goes first: what the device has applied cannot be withdrawn
    await this.catchUp(serial);
    const find = () =>
      this.db.kysely.selectFrom('sim_device_commands').selectAll().where('serial', '=', serial).where('id', '=', n).executeTakeFirst();
    const queued = await find();
    if (!queued) return null;
    if (queued.state !== 'pending') return commandStatus(queued);
    // conditional: a check-in that claimed it in the meantime wins, and the answer says so
    await this.db.kysely
      .updateTable('sim_device_commands')
      .set({ state: 'cancelled', settled_at: clock.iso(), payload: scrubbed(queued.payload) })
      .where('id', '=', n)
      .where('state', '=', 'pending')
      .execute();
    const row = await find();
    return row ? commandStatus(row) : null;
  }

  // ---------- the hardware itself (tests and the demo; not part of the interface) ----------

  /** The device loses power or coverage: offline until powerOn. */
  async powerOff(serial: string): Promise<void> {
    await this.catchUp(serial);
    await this.db.kysely
      .updateTable('sim_devices')
      .set({ online: 0, online_changed_at: clock.iso(), offline_until: null })
      .where('serial', '=', serial)
      .execute();
  }

  /** The device's next firmware download fails with this CWMP code (9010 download failure, …). */
  async failNextDownload(serial: string, code = '9010'): Promise<void> {
    await this.db.kysely.updateTable('sim_devices').set({ download_fault: code }).where('serial', '=', serial).execute();
  }

  /** The device comes back: it boots and checks in at once (queued changes apply then). */
  async powerOn(serial: string): Promise<void> {
    const now = clock.iso();
    await this.db.kysely
      .updateTable('sim_devices')
      .set({ online: 1, online_changed_at: now, offline_until: null, boot_at: now, next_checkin_at: now })
      .where('serial', '=', serial)
      .where('online', '=', 0)
      .execute();
  }
}
