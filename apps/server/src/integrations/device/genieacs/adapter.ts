// Real routers through a GenieACS auto-configuration server (TR-069/CWMP), behind the same
// DeviceGateway as the simulator (docs/decisions/0032-routers-through-genieacs.md).
//
// A device is found by its serial (GET /devices/?query={"_deviceId._SerialNumber":…}); its model
// map (./modelMap.ts, by product class) says which parameters to project and to set. A change is a
// task posted with a connection request: 200 = the device ran it (applied), 202 = it did not —
// a fault recorded for the task means it failed (reason in Chinese), otherwise it waits for the
// device's next inform (pending: 设备离线，上线后生效). Pending tasks are followed by looking at
// /tasks and /faults; a task gone without a fault ran. acs_commands keeps each task's fate, since
// GenieACS forgets both a task that ran and one we deleted.
// A task the NBI took and did not answer in time is pending too, and found on /tasks by device and
// parameters (./followUp.ts, docs/decisions/0061-routers-behind-a-slow-acs.md); a fault's reason is
// its per-parameter one when the device named the parameters (./faults.ts). A router reads its wifi
// passphrase back as "" (TR-069 hides passwords): it is never re-read, and "" is 未读取, not shown.
//
// Never logged or stored here: the values of a task (a wifi password goes to the ACS only).
import type { NetworkMode, WifiBand, WifiSecurity } from '@portal/contract/enums';
import type { Db } from '../../../db/connect';
import { clock } from '../../../lib/clock';
import { ALL_CAPABILITIES, type DeviceCapabilities, type ParameterKey } from '../capabilities';
import {
  DeviceUnsupported,
  type CommandStatus,
  type DeviceClientInfo,
  type DeviceGateway,
  type DeviceModelInfo,
  type DeviceSimInfo,
  type DeviceState,
  type DeviceSupportInfo,
  type FirmwareFile,
  type WifiSettings,
} from '../gateway';
import { AcsError, instancesAt, timestampAt, valueAt, type AcsDocument, type GenieAcsClient } from './client';
import * as commands from './commands';
import {
  activeIccid,
  bandsProjection,
  bool,
  carrierOfIccid,
  clientBands,
  isOnline,
  num,
  ours,
  projection,
  signalOf,
  simRows,
  str,
  valueFor,
} from './deviceDocument';
import type { FaultVerdict } from './faults';
import type { SetParameter } from './followUp';
import { deviceValue, faultVerdict, FIRMWARE_FILE_TYPE, pathFor, type Change } from './modelChanges';
import { rowPath, type ModelMap } from './modelMap';
import { statusOf, TaskFollowUp } from './taskFollowUp';

export interface GenieAcsGatewayOptions {
  /** the ACS's name in the configuration (kept with each task) */
  name: string;
  client: GenieAcsClient;
  /** model maps by product class */
  models: Map<string, ModelMap>;
  /** the product classes this ACS manages (one ACS per router maker); [] or absent = every model */
  productClasses?: string[];
  db: Db;
  /** a device whose last inform is older than this is offline */
  onlineWindowMs: number;
  /** the devices' periodic inform interval: when a change that waits on an online device should happen */
  informIntervalMs: number;
  /** stored values older than this are read from the device again before they are shown */
  maxValueAgeMs: number;
}

interface Located {
  id: string;
  model: ModelMap;
}

export class GenieAcsGateway implements DeviceGateway {
  private readonly located = new Map<string, Located>();

  private readonly followUp: TaskFollowUp;

  constructor(private readonly o: GenieAcsGatewayOptions) {
    this.followUp = new TaskFollowUp({
      client: o.client,
      db: o.db,
      known: (serial) => this.known(serial),
      onlineWindowMs: o.onlineWindowMs,
    });
  }

  // ---------- finding and reading a device ----------

  /** The device's GenieACS id and model map; null for a serial the ACS does not know. */
  private async locate(serial: string): Promise<Located | null> {
    const known = this.located.get(serial);
    if (known) return known;
    const [doc] = await this.o.client.devices({ '_deviceId._SerialNumber': serial }, ['_id', '_deviceId']);
    if (!doc) return null;
    const productClass = str((doc._deviceId as Record<string, unknown> | undefined)?._ProductClass);
    // another ACS manages this model: not ours to answer for
    if (this.o.productClasses?.length && !this.o.productClasses.includes(productClass)) return null;
    const model = this.o.models.get(productClass);
    // a router the ACS manages but no map describes: the reseller must add its map, not the holder guess
    if (!model) throw new Error(`GenieACS ${this.o.name}: no device model map for productClass "${productClass}" (serial ${serial})`);
    const found = { id: str(doc._id), model };
    this.located.set(serial, found);
    return found;
  }

  private async known(serial: string): Promise<Located> {
    const dev = await this.locate(serial);
    if (!dev) throw new Error(`GenieACS ${this.o.name}: unknown device ${serial}`);
    return dev;
  }

  /** The device's stored document; values older than maxValueAgeMs are read from the device first (when it is online). */
  private async document(dev: Located): Promise<AcsDocument> {
    const read = async () => {
      const [doc] = await this.o.client.devices({ _id: dev.id }, projection(dev.model));
      if (!doc) throw new Error(`GenieACS ${this.o.name}: device ${dev.id} disappeared`);
      return doc;
    };
    const doc = await read();
    const probe = dev.model.parameters['wifi.ssid'] ?? dev.model.parameters['deviceInfo.firmware'];
    const at = probe ? timestampAt(doc, probe) : undefined;
    if (!isOnline(doc, this.o.onlineWindowMs) || at === undefined || clock.now().getTime() - at <= this.o.maxValueAgeMs) return doc;
    // never the passphrase: a router answers "" for it, which would replace the one GenieACS kept from our last change
    const secret = dev.model.parameters['wifi.password'];
    const names = projection(dev.model).filter((x) => !x.startsWith('_') && x !== secret);
    const refreshed = await this.o.client.postTask(dev.id, { name: 'getParameterValues', parameterNames: names });
    return refreshed.applied ? read() : doc;
  }

  /** The models this ACS manages (every mapped one unless it is limited to some product classes). */
  async models(): Promise<DeviceModelInfo[]> {
    return [...this.o.models.values()]
      .filter((m) => !this.o.productClasses?.length || this.o.productClasses.includes(m.productClass))
      .map((m) => ({ key: m.productClass, name: m.name, firmware: m.capabilities.firmware }));
  }

  /** What the model can be asked (the simulator can do everything). */
  async capabilities(serial: string): Promise<DeviceCapabilities> {
    const dev = await this.locate(serial);
    return dev ? dev.model.capabilities : ALL_CAPABILITIES;
  }

  async status(serial: string): Promise<DeviceState | null> {
    const dev = await this.locate(serial);
    if (!dev) return null;
    const m = dev.model;
    const doc = await this.document(dev);
    const online = isOnline(doc, this.o.onlineWindowMs);
    const active = activeIccid(doc, m);
    const security = ours<WifiSecurity>(m.values['wifi.security'], valueFor(doc, m, 'wifi.security')) ?? 'wpa2';
    const password = str(valueFor(doc, m, 'wifi.password'));
    return {
      serial,
      imei: str(valueFor(doc, m, 'cell.imei')),
      model: m.cardMold,
      modelName: m.name,
      modelKey: m.productClass,
      firmware: str(valueFor(doc, m, 'deviceInfo.firmware')),
      portable: m.portable,
      supports5g: m.supports5g,
      online,
      // GenieACS keeps when the device last called in, not when it went quiet: the last inform is the best it can say
      onlineChangedAt: str(doc._lastInform),
      backOnlineAt: null,
      battery: num(valueFor(doc, m, 'battery')),
      uptimeSeconds: online ? (num(valueFor(doc, m, 'deviceInfo.uptime')) ?? 0) : 0,
      networkMode: ours<NetworkMode>(m.values['cell.preferredTechnology'], valueFor(doc, m, 'cell.preferredTechnology')) ?? 'auto',
      activeIccid: active,
      carrier: online && active ? carrierOfIccid(active) : null,
      signal: online ? signalOf(doc, m) : null,
      wifi: {
        ssid: str(valueFor(doc, m, 'wifi.ssid')),
        password,
        hidden: bool(valueFor(doc, m, 'wifi.advertised')) === false,
        security,
        // a model without the band (capability off, the page hides it) is shown as dual band, the common case
        band: ours<WifiBand>(m.values['wifi.band'], valueFor(doc, m, 'wifi.band')) ?? 'both',
        maxClients: num(valueFor(doc, m, 'wifi.maxClients')) ?? 0,
      },
      checkinSeconds: Math.round(this.o.informIntervalMs / 1000),
      // every security the portal offers has a passphrase: "" is the router hiding it, not an open network
      wifiPasswordRead: password !== '',
    };
  }

  /** Each associated client's band, by MAC (deviceDocument.ts, clientBands); empty where the map does not name the chain. */
  private async bandsOf(dev: Located): Promise<Map<string, string>> {
    const names = bandsProjection(dev.model);
    if (!names) return new Map();
    const [doc] = await this.o.client.devices({ _id: dev.id }, names);
    return doc ? clientBands(doc, dev.model) : new Map();
  }

  async clients(serial: string): Promise<DeviceClientInfo[]> {
    const dev = await this.known(serial);
    const m = dev.model;
    const table = m.parameters.hosts;
    const mac = m.parameters['host.mac'];
    if (!table || !mac) return [];
    const doc = await this.document(dev);
    const online = isOnline(doc, this.o.onlineWindowMs);
    const bands = online ? await this.bandsOf(dev) : new Map<string, string>();
    const field = (i: string, k: ParameterKey) => {
      const f = m.parameters[k];
      return f ? valueAt(doc, rowPath(table, i, f)) : undefined;
    };
    return instancesAt(doc, table)
      .map((i) => {
        const macAddress = str(field(i, 'host.mac')).toUpperCase();
        return {
          mac: macAddress,
          name: str(field(i, 'host.name')) || macAddress,
          ip: str(field(i, 'host.ip')),
          // '' where the router does not say (the page: 频段未知)
          band: bands.get(macAddress) ?? '',
          // neither TR-181 nor TR-098 keeps when a client joined: unknown, not the time the ACS last looked
          connectedAt: '',
          blocked: bool(field(i, 'host.blocked')) === true,
          active: m.parameters['host.active'] ? bool(field(i, 'host.active')) === true : true,
        };
      })
      .filter((c) => c.mac !== '' && (c.blocked || (online && c.active)))
      .map(({ active: _a, ...c }) => c);
  }

  async sims(serial: string): Promise<DeviceSimInfo[]> {
    const dev = await this.known(serial);
    const doc = await this.document(dev);
    const m = dev.model;
    const online = isOnline(doc, this.o.onlineWindowMs);
    const active = activeIccid(doc, m);
    const signal = online ? signalOf(doc, m) : null;
    return simRows(doc, m).map((s) => ({
      iccid: s.iccid,
      slot: s.slot,
      carrier: carrierOfIccid(s.iccid) ?? 0,
      activated: true,
      active: s.iccid === active,
      online: s.iccid === active && online && signal !== null,
      signal: s.iccid === active ? signal : null,
    }));
  }

  // ---------- changes: a task with a connection request ----------

  private async submit(
    serial: string,
    kind: CommandStatus['kind'],
    task: Record<string, unknown>,
    firmware?: FirmwareFile,
  ): Promise<CommandStatus> {
    const dev = await this.known(serial);
    // taken before the task is sent: GenieACS stamps the download it starts after this
    const sentAt = clock.iso();
    const answer = await this.o.client.postTask(dev.id, task);
    // a 200 on a download means the router took the Download RPC; the image is in place only at its
    // TRANSFER COMPLETE, after it has fetched, flashed and rebooted (docs/decisions/0040-firmware-through-the-acs.md)
    let state: CommandStatus['state'] = answer.applied && kind !== 'firmware' ? 'applied' : 'pending';
    let failed: FaultVerdict | null = null;
    // no answer (task null): the NBI may hold the task and the device may run it — pending, followed up by its parameters
    if (answer.task && !answer.applied) {
      const [fault] = await this.o.client.faults({ _id: `${dev.id}:task_${answer.task._id}` });
      if (fault) {
        state = 'failed';
        failed = faultVerdict(dev.model, fault);
      }
    }
    const now = clock.iso();
    const values = Array.isArray(task.parameterValues) ? (task.parameterValues as Change[]) : [];
    const row = await commands.insertCommand(this.o.db.kysely, {
      serial,
      acs: this.o.name,
      device_id: dev.id,
      task_id: answer.task?._id ?? '',
      kind,
      state,
      reason: failed?.reason ?? '',
      fault_code: failed?.code ?? '',
      created_at: sentAt,
      settled_at: state === 'pending' ? null : now,
      file_name: firmware?.fileName ?? '',
      target_version: firmware?.version ?? '',
      // what it sets, to know it ran when the NBI did not say — never a passphrase's value
      parameters: JSON.stringify(
        values.map(([path, value]): SetParameter => [path, path === dev.model.parameters['wifi.password'] ? null : value]),
      ),
    });
    return statusOf(row);
  }

  private set(serial: string, kind: CommandStatus['kind'], build: (m: ModelMap) => Change[]): Promise<CommandStatus> {
    return this.known(serial).then((dev) => this.submit(serial, kind, { name: 'setParameterValues', parameterValues: build(dev.model) }));
  }

  changeWifi(serial: string, wifi: Partial<WifiSettings>): Promise<CommandStatus> {
    return this.set(serial, 'wifi', (m) => {
      const out: Change[] = [];
      if (wifi.ssid !== undefined) out.push([pathFor(m, 'wifi.ssid'), wifi.ssid, 'xsd:string']);
      if (wifi.password !== undefined) out.push([pathFor(m, 'wifi.password'), wifi.password, 'xsd:string']);
      if (wifi.hidden !== undefined) out.push([pathFor(m, 'wifi.advertised'), !wifi.hidden, 'xsd:boolean']);
      if (wifi.security !== undefined)
        out.push([pathFor(m, 'wifi.security'), deviceValue(m, 'wifi.security', wifi.security), 'xsd:string']);
      if (wifi.band !== undefined) out.push([pathFor(m, 'wifi.band'), deviceValue(m, 'wifi.band', wifi.band), 'xsd:string']);
      if (wifi.maxClients !== undefined) out.push([pathFor(m, 'wifi.maxClients'), wifi.maxClients, 'xsd:unsignedInt']);
      return out;
    });
  }

  private async hostBlock(serial: string, mac: string, blocked: boolean): Promise<CommandStatus> {
    const dev = await this.known(serial);
    const m = dev.model;
    const table = pathFor(m, 'hosts');
    const macField = pathFor(m, 'host.mac');
    const blockedField = pathFor(m, 'host.blocked');
    const doc = await this.document(dev);
    const instance = instancesAt(doc, table).find(
      (i) => str(valueAt(doc, rowPath(table, i, macField))).toUpperCase() === mac.toUpperCase(),
    );
    if (!instance) throw new Error(`GenieACS ${this.o.name}: no host ${mac} on ${serial}`);
    return this.submit(serial, blocked ? 'block_client' : 'unblock_client', {
      name: 'setParameterValues',
      parameterValues: [[rowPath(table, instance, blockedField), blocked, 'xsd:boolean']],
    });
  }

  blockClient(serial: string, mac: string) {
    return this.hostBlock(serial, mac, true);
  }
  unblockClient(serial: string, mac: string) {
    return this.hostBlock(serial, mac, false);
  }

  async switchSim(serial: string, iccid: string): Promise<CommandStatus> {
    const dev = await this.known(serial);
    const doc = await this.document(dev);
    const slot = simRows(doc, dev.model).find((s) => s.iccid === iccid)?.slot;
    if (slot === undefined) throw new Error(`GenieACS ${this.o.name}: no SIM ${iccid} in ${serial}`);
    return this.submit(serial, 'switch_sim', {
      name: 'setParameterValues',
      parameterValues: [[pathFor(dev.model, 'sim.activeSlot'), slot, 'xsd:unsignedInt']],
    });
  }

  setNetworkMode(serial: string, mode: NetworkMode): Promise<CommandStatus> {
    return this.set(serial, 'network_mode', (m) => [
      [pathFor(m, 'cell.preferredTechnology'), deviceValue(m, 'cell.preferredTechnology', mode), 'xsd:string'],
    ]);
  }

  reboot(serial: string) {
    return this.submit(serial, 'reboot', { name: 'reboot' });
  }
  factoryReset(serial: string) {
    return this.submit(serial, 'reset', { name: 'factoryReset' });
  }

  /**
   * A download task naming the image on the ACS's file server (GenieACS builds the Download RPC's
   * URL from its FS_URL_PREFIX and the name). Refused before anything is sent for a model whose map
   * does not declare download.
   */
  async upgradeFirmware(serial: string, file: FirmwareFile): Promise<CommandStatus> {
    const dev = await this.known(serial);
    if (!dev.model.capabilities.firmware)
      throw new DeviceUnsupported(`device model ${dev.model.productClass} takes no firmware over TR-069 (no "download" in its map)`);
    return this.submit(serial, 'firmware', { name: 'download', fileType: FIRMWARE_FILE_TYPE, fileName: file.fileName }, file);
  }

  async commands(serial: string, ids: string[]): Promise<CommandStatus[]> {
    const numeric = ids.map(Number).filter((n) => Number.isInteger(n));
    const rows = await commands.commandsOf(this.o.db.kysely, serial, numeric);
    await this.followUp.sync(rows);
    return (await commands.commandsOf(this.o.db.kysely, serial, numeric)).map(statusOf);
  }

  // ---------- support (the console) ----------

  async supportInfo(serial: string, ids: string[]): Promise<DeviceSupportInfo | null> {
    const dev = await this.locate(serial);
    if (!dev) return null;
    const [doc] = await this.o.client.devices({ _id: dev.id }, ['_id', '_lastInform']);
    const numeric = ids.map(Number).filter((n) => Number.isInteger(n));
    const rows = await commands.commandsOf(this.o.db.kysely, serial, numeric);
    await this.followUp.sync(rows);
    const now = await commands.commandsOf(this.o.db.kysely, serial, numeric);
    return {
      acs: this.o.name,
      lastInform: doc ? str(doc._lastInform) : '',
      online: doc ? isOnline(doc, this.o.onlineWindowMs) : false,
      faultCodes: Object.fromEntries(now.filter((r) => r.fault_code).map((r) => [String(r.id), r.fault_code])),
    };
  }

  /** A failed task is tried again at the device's next inform (POST /tasks/<id>/retry clears its fault); pending again. */
  async retry(serial: string, id: string): Promise<CommandStatus | null> {
    const n = Number(id);
    if (!Number.isInteger(n)) return null;
    const row = (await commands.commandsOf(this.o.db.kysely, serial, [n]))[0];
    if (!row) return null;
    if (row.state === 'failed' && (await this.o.client.retryTask(row.task_id)))
      await commands.settle(this.o.db.kysely, n, 'failed', { state: 'pending', reason: '', fault_code: '', settled_at: null });
    const after = (await commands.commandsOf(this.o.db.kysely, serial, [n]))[0];
    return after ? statusOf(after) : null;
  }

  async cancel(serial: string, id: string): Promise<CommandStatus | null> {
    const n = Number(id);
    if (!Number.isInteger(n)) return null;
    const find = async () => (await commands.commandsOf(this.o.db.kysely, serial, [n]))[0];
    const row = await find();
    if (!row) return null;
    // what the device already ran cannot be withdrawn: look first
    await this.followUp.sync([row]);
    const now = await find();
    // sent without an answer and not (yet) found on the ACS: nothing to delete, it may still run
    if (!now || now.state !== 'pending' || now.task_id === '') return now ? statusOf(now) : null;
    if (await this.o.client.deleteTask(now.task_id)) {
      await commands.settle(this.o.db.kysely, n, 'pending', { state: 'cancelled', reason: '', fault_code: '', settled_at: clock.iso() });
    } else {
      // gone between our look and the delete: the device ran it
      await this.followUp.sync([now]);
    }
    const after = await find();
    return after ? statusOf(after) : null;
  }
}

export interface GenieAcsSupport {
  supportInfo(serial: string, ids: string[]): Promise<DeviceSupportInfo | null>;
  retry(serial: string, id: string): Promise<CommandStatus | null>;
}

export { AcsError };
export { carrierOfIccid } from './deviceDocument';
export { FIRMWARE_FILE_TYPE } from './modelChanges';
