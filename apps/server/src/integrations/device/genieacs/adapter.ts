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
import { issuerCarrierOf } from '@portal/domain/network';
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
  type RadioSignal,
  type WifiSettings,
} from '../gateway';
import { AcsError, instancesAt, timestampAt, valueAt, type AcsDocument, type AcsFault, type AcsTask, type GenieAcsClient } from './client';
import * as commands from './commands';
import { PARAMETER_LABEL, readFault, type FaultVerdict } from './faults';
import { LOST_REASON, matchTask, unansweredVerdict, type SetParameter } from './followUp';
import { rowPath, type ModelMap } from './modelMap';

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

const SCALARS: ParameterKey[] = [
  'deviceInfo.firmware',
  'deviceInfo.uptime',
  'wifi.ssid',
  'wifi.password',
  'wifi.security',
  'wifi.advertised',
  'wifi.maxClients',
  'wifi.band',
  'cell.imei',
  'cell.iccid',
  'cell.rsrp',
  'cell.rsrq',
  'cell.sinr',
  'cell.band',
  'cell.technology',
  'cell.preferredTechnology',
  'sim.activeSlot',
  'battery',
];

/** The network that issued a Chinese ICCID (8986 II…): 1 China Mobile, 2 China Unicom, 3 China Telecom (the one table, @portal/domain/network). */
export const carrierOfIccid = (iccid: string): number | null => issuerCarrierOf(iccid);

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
const bool = (v: unknown): boolean | null =>
  v === true || v === 'true' || v === '1' || v === 1 ? true : v === false || v === 'false' || v === '0' || v === 0 ? false : null;
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** Our value for the device's, by the map's table (first match); undefined when the device says something unmapped. */
function ours<T extends string>(table: Record<string, string> | undefined, theirs: unknown): T | undefined {
  const s = str(theirs);
  return Object.entries(table ?? {}).find(([, v]) => v === s)?.[0] as T | undefined;
}

type Change = [path: string, value: string | number | boolean, type: string];

/** TR-069's FileType of a firmware image (A.3.2.8 Download). */
export const FIRMWARE_FILE_TYPE = '1 Firmware Upgrade Image';

/** GenieACS's record of the downloads a device completed (virtual parameters, set at TRANSFER COMPLETE). */
const DOWNLOADS = 'Downloads';

const timeOf = (v: unknown): number => (typeof v === 'number' ? v : Date.parse(str(v)));

export class GenieAcsGateway implements DeviceGateway {
  private readonly located = new Map<string, Located>();

  constructor(private readonly o: GenieAcsGatewayOptions) {}

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

  private projection(m: ModelMap): string[] {
    const p = m.parameters;
    const paths = SCALARS.map((k) => p[k]).filter((x): x is string => !!x);
    if (p.hosts) paths.push(p.hosts);
    if (p.sims) paths.push(p.sims);
    return ['_id', '_lastInform', ...paths];
  }

  /** The device's stored document; values older than maxValueAgeMs are read from the device first (when it is online). */
  private async document(dev: Located): Promise<AcsDocument> {
    const read = async () => {
      const [doc] = await this.o.client.devices({ _id: dev.id }, this.projection(dev.model));
      if (!doc) throw new Error(`GenieACS ${this.o.name}: device ${dev.id} disappeared`);
      return doc;
    };
    const doc = await read();
    const probe = dev.model.parameters['wifi.ssid'] ?? dev.model.parameters['deviceInfo.firmware'];
    const at = probe ? timestampAt(doc, probe) : undefined;
    if (!this.online(doc) || at === undefined || clock.now().getTime() - at <= this.o.maxValueAgeMs) return doc;
    // never the passphrase: a router answers "" for it, which would replace the one GenieACS kept from our last change
    const secret = dev.model.parameters['wifi.password'];
    const names = this.projection(dev.model).filter((x) => !x.startsWith('_') && x !== secret);
    const refreshed = await this.o.client.postTask(dev.id, { name: 'getParameterValues', parameterNames: names });
    return refreshed.applied ? read() : doc;
  }

  private online(doc: AcsDocument): boolean {
    const last = Date.parse(str(doc._lastInform));
    return Number.isFinite(last) && clock.now().getTime() - last <= this.o.onlineWindowMs;
  }

  private at(doc: AcsDocument, m: ModelMap, key: ParameterKey): unknown {
    const path = m.parameters[key];
    return path ? valueAt(doc, path) : undefined;
  }

  private signalOf(doc: AcsDocument, m: ModelMap): RadioSignal | null {
    const rsrp = num(this.at(doc, m, 'cell.rsrp'));
    const sinr = num(this.at(doc, m, 'cell.sinr'));
    // no SINR, no verdict: the signal rule needs both (docs/decisions/0012); the map shows no signal rather than half of one
    if (rsrp === null || sinr === null) return null;
    return {
      networkType: ours<string>(m.values['cell.technology'], this.at(doc, m, 'cell.technology')) ?? '4G',
      band: str(this.at(doc, m, 'cell.band')),
      rsrp,
      sinr,
      rsrq: num(this.at(doc, m, 'cell.rsrq')) ?? 0,
    };
  }

  private simRows(doc: AcsDocument, m: ModelMap): { slot: number; iccid: string }[] {
    const table = m.parameters.sims;
    const field = m.parameters['sim.iccid'];
    if (table && field)
      return instancesAt(doc, table)
        .map((i) => ({ slot: Number(i), iccid: str(valueAt(doc, rowPath(table, i, field))) }))
        .filter((s) => s.iccid !== '');
    const iccid = str(this.at(doc, m, 'cell.iccid'));
    return iccid ? [{ slot: 1, iccid }] : [];
  }

  private activeIccid(doc: AcsDocument, m: ModelMap): string {
    const rows = this.simRows(doc, m);
    const slot = num(this.at(doc, m, 'sim.activeSlot'));
    return (slot === null ? rows[0] : rows.find((r) => r.slot === slot))?.iccid ?? '';
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
    const online = this.online(doc);
    const active = this.activeIccid(doc, m);
    const security = ours<WifiSecurity>(m.values['wifi.security'], this.at(doc, m, 'wifi.security')) ?? 'wpa2';
    const password = str(this.at(doc, m, 'wifi.password'));
    return {
      serial,
      imei: str(this.at(doc, m, 'cell.imei')),
      model: m.cardMold,
      modelName: m.name,
      modelKey: m.productClass,
      firmware: str(this.at(doc, m, 'deviceInfo.firmware')),
      portable: m.portable,
      supports5g: m.supports5g,
      online,
      // GenieACS keeps when the device last called in, not when it went quiet: the last inform is the best it can say
      onlineChangedAt: str(doc._lastInform),
      backOnlineAt: null,
      battery: num(this.at(doc, m, 'battery')),
      uptimeSeconds: online ? (num(this.at(doc, m, 'deviceInfo.uptime')) ?? 0) : 0,
      networkMode: ours<NetworkMode>(m.values['cell.preferredTechnology'], this.at(doc, m, 'cell.preferredTechnology')) ?? 'auto',
      activeIccid: active,
      carrier: online && active ? carrierOfIccid(active) : null,
      signal: online ? this.signalOf(doc, m) : null,
      wifi: {
        ssid: str(this.at(doc, m, 'wifi.ssid')),
        password,
        hidden: bool(this.at(doc, m, 'wifi.advertised')) === false,
        security,
        // a model without the band (capability off, the page hides it) is shown as dual band, the common case
        band: ours<WifiBand>(m.values['wifi.band'], this.at(doc, m, 'wifi.band')) ?? 'both',
        maxClients: num(this.at(doc, m, 'wifi.maxClients')) ?? 0,
      },
      checkinSeconds: Math.round(this.o.informIntervalMs / 1000),
      // every security the portal offers has a passphrase: "" is the router hiding it, not an open network
      wifiPasswordRead: password !== '',
    };
  }

  /**
   * Each associated client's band, by MAC: the access point it is associated with, that access
   * point's SSID, the SSID's radio and the radio's band (TR-181). Empty where the map does not name
   * the chain (TR-098 keeps no radio per client): the page says the band is unknown.
   */
  private async bandsOf(dev: Located): Promise<Map<string, string>> {
    const m = dev.model;
    const p = m.parameters;
    const aps = p['wifi.accessPoints'];
    const out = new Map<string, string>();
    if (!aps || !p['ap.ssid'] || !p['ap.clients'] || !p['apClient.mac'] || !p['ssid.radio'] || !p['wifi.band']) return out;
    // the SSID and radio tables sit beside the access points (Device.WiFi.SSID, Device.WiFi.Radio)
    const wifiRoot = aps.slice(0, aps.lastIndexOf('.'));
    const [doc] = await this.o.client.devices({ _id: dev.id }, ['_id', aps, `${wifiRoot}.SSID`, `${wifiRoot}.Radio`]);
    if (!doc) return out;
    const band = (radioPath: string) => {
      const field = p['wifi.band']!.slice(p['wifi.band']!.lastIndexOf('.') + 1);
      return ours<string>(m.values['wifi.band'], valueAt(doc, `${radioPath.replace(/\.$/, '')}.${field}`)) ?? '';
    };
    for (const i of instancesAt(doc, aps)) {
      const ssid = str(valueAt(doc, rowPath(aps, i, p['ap.ssid']))).replace(/\.$/, '');
      const radio = ssid
        ? str(valueAt(doc, `${ssid}.${p['ssid.radio']}`))
            .split(',')[0]!
            .trim()
        : '';
      const b = radio ? band(radio) : '';
      const clients = rowPath(aps, i, p['ap.clients']);
      for (const j of instancesAt(doc, clients)) {
        const mac = str(valueAt(doc, rowPath(clients, j, p['apClient.mac']))).toUpperCase();
        if (mac && b) out.set(mac, b);
      }
    }
    return out;
  }

  async clients(serial: string): Promise<DeviceClientInfo[]> {
    const dev = await this.known(serial);
    const m = dev.model;
    const table = m.parameters.hosts;
    const mac = m.parameters['host.mac'];
    if (!table || !mac) return [];
    const doc = await this.document(dev);
    const online = this.online(doc);
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
    const online = this.online(doc);
    const active = this.activeIccid(doc, m);
    const signal = online ? this.signalOf(doc, m) : null;
    return this.simRows(doc, m).map((s) => ({
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

  private need(m: ModelMap, key: ParameterKey): string {
    const path = m.parameters[key];
    // the pages hide what a model cannot do; a request that gets here anyway is refused, nothing sent
    if (!path) throw new DeviceUnsupported(`device model ${m.productClass} has no parameter "${key}"`);
    return path;
  }

  private value(m: ModelMap, key: ParameterKey, ourValue: string): string {
    const v = m.values[key]?.[ourValue];
    if (v === undefined) throw new DeviceUnsupported(`device model ${m.productClass}: no value for ${key} = ${ourValue}`);
    return v;
  }

  /** A fault in the holder's words, naming the parameters by what the pages call them. */
  private verdict(m: ModelMap, fault: AcsFault): FaultVerdict {
    const keyOf = new Map(Object.entries(m.parameters).map(([k, path]) => [path, k as ParameterKey]));
    const blocked = m.parameters['host.blocked'];
    return readFault({ code: str(fault.code), detail: fault.detail }, (path) => {
      const key = keyOf.get(path) ?? (blocked && path.endsWith(`.${blocked}`) ? 'host.blocked' : undefined);
      return key ? PARAMETER_LABEL[key] : undefined;
    });
  }

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
        failed = this.verdict(dev.model, fault);
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
      if (wifi.ssid !== undefined) out.push([this.need(m, 'wifi.ssid'), wifi.ssid, 'xsd:string']);
      if (wifi.password !== undefined) out.push([this.need(m, 'wifi.password'), wifi.password, 'xsd:string']);
      if (wifi.hidden !== undefined) out.push([this.need(m, 'wifi.advertised'), !wifi.hidden, 'xsd:boolean']);
      if (wifi.security !== undefined)
        out.push([this.need(m, 'wifi.security'), this.value(m, 'wifi.security', wifi.security), 'xsd:string']);
      if (wifi.band !== undefined) out.push([this.need(m, 'wifi.band'), this.value(m, 'wifi.band', wifi.band), 'xsd:string']);
      if (wifi.maxClients !== undefined) out.push([this.need(m, 'wifi.maxClients'), wifi.maxClients, 'xsd:unsignedInt']);
      return out;
    });
  }

  private async hostBlock(serial: string, mac: string, blocked: boolean): Promise<CommandStatus> {
    const dev = await this.known(serial);
    const m = dev.model;
    const table = this.need(m, 'hosts');
    const macField = this.need(m, 'host.mac');
    const blockedField = this.need(m, 'host.blocked');
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
    const slot = this.simRows(doc, dev.model).find((s) => s.iccid === iccid)?.slot;
    if (slot === undefined) throw new Error(`GenieACS ${this.o.name}: no SIM ${iccid} in ${serial}`);
    return this.submit(serial, 'switch_sim', {
      name: 'setParameterValues',
      parameterValues: [[this.need(dev.model, 'sim.activeSlot'), slot, 'xsd:unsignedInt']],
    });
  }

  setNetworkMode(serial: string, mode: NetworkMode): Promise<CommandStatus> {
    return this.set(serial, 'network_mode', (m) => [
      [this.need(m, 'cell.preferredTechnology'), this.value(m, 'cell.preferredTechnology', mode), 'xsd:string'],
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

  // ---------- following tasks up ----------

  /** Settle the pending rows from what the ACS holds now: a fault → failed; gone → applied; still there → pending. */
  private async sync(rows: commands.AcsCommandRow[]): Promise<void> {
    let pending = rows.filter((r) => r.state === 'pending');
    if (pending.length === 0) return;
    const deviceId = pending[0]!.device_id;
    const [tasks, faults] = await Promise.all([this.o.client.tasks({ device: deviceId }), this.o.client.faults({ device: deviceId })]);
    pending = await this.findUnanswered(pending, tasks);
    const queued = new Set(tasks.map((t) => str(t._id)));
    const faultOf = new Map(faults.map((f) => [str(f._id), f]));
    const now = clock.iso();
    const installed = await this.firmwareInstalled(pending.filter((r) => r.kind === 'firmware' && !queued.has(r.task_id)));
    const model = pending.some((r) => faultOf.has(`${r.device_id}:task_${r.task_id}`))
      ? (await this.known(pending[0]!.serial)).model
      : null;
    for (const r of pending) {
      const fault = r.task_id ? faultOf.get(`${r.device_id}:task_${r.task_id}`) : undefined;
      if (fault) {
        const v = this.verdict(model!, fault);
        await commands.settle(this.o.db.kysely, r.id, 'pending', {
          state: 'failed',
          reason: v.reason,
          fault_code: v.code,
          settled_at: now,
        });
      } else if (r.kind === 'firmware' ? installed.has(r.id) : r.task_id && !queued.has(r.task_id)) {
        await commands.settle(this.o.db.kysely, r.id, 'pending', { state: 'applied', reason: '', fault_code: '', settled_at: now });
      }
    }
  }

  /**
   * The pending rows sent without an answer: each is given its task when the ACS holds one that is
   * it (then followed like any other); one the ACS no longer holds is settled by what the device
   * shows (followUp.ts). Answers the rows still to follow, with the task ids found.
   */
  private async findUnanswered(pending: commands.AcsCommandRow[], tasks: AcsTask[]): Promise<commands.AcsCommandRow[]> {
    const unknown = pending.filter((r) => r.task_id === '');
    if (unknown.length === 0) return pending;
    const db = this.o.db.kysely;
    const taken = await commands.takenTaskIds(
      db,
      unknown[0]!.device_id,
      tasks.map((t) => str(t._id)),
    );
    const found = new Map<number, string>();
    let doc: AcsDocument | undefined;
    for (const r of unknown) {
      const c = {
        kind: r.kind as CommandStatus['kind'],
        parameters: JSON.parse(r.parameters) as SetParameter[],
        fileName: r.file_name,
        createdAt: r.created_at,
      };
      const task = matchTask(c, tasks, taken);
      if (task) {
        taken.add(str(task._id));
        if (await commands.adoptTask(db, r.id, str(task._id))) found.set(r.id, str(task._id));
        continue;
      }
      doc ??= (
        await this.o.client.devices({ _id: r.device_id }, [
          '_id',
          '_lastBoot',
          '_lastBootstrap',
          ...unknown.flatMap((u) => (JSON.parse(u.parameters) as SetParameter[]).map(([path]) => path)),
        ])
      )[0];
      const v = unansweredVerdict(c, doc, clock.now().getTime());
      const at = clock.iso();
      if (v === 'applied') await commands.settle(db, r.id, 'pending', { state: 'applied', reason: '', fault_code: '', settled_at: at });
      if (v === 'lost')
        await commands.settle(db, r.id, 'pending', { state: 'failed', reason: LOST_REASON, fault_code: '', settled_at: at });
    }
    // a download with no task found is still settled by the download rule (its task goes once the router takes it)
    return pending
      .filter((r) => r.task_id !== '' || found.has(r.id) || r.kind === 'firmware')
      .map((r) => (found.has(r.id) ? { ...r, task_id: found.get(r.id)! } : r));
  }

  /**
   * The firmware commands whose image the router now runs: GenieACS recorded its TRANSFER COMPLETE
   * for the file (Downloads.{i}.LastFileName, LastDownload no older than the task), or the router
   * reports the image's version. A download the router took but has not completed stays pending
   * (设备升级中). The version is then read from the router again, so the pages show what it runs.
   */
  private async firmwareInstalled(rows: commands.AcsCommandRow[]): Promise<Set<number>> {
    const done = new Set<number>();
    if (rows.length === 0) return done;
    const dev = await this.known(rows[0]!.serial);
    const versionPath = dev.model.parameters['deviceInfo.firmware'];
    const [doc] = await this.o.client.devices({ _id: dev.id }, ['_id', '_lastInform', DOWNLOADS, ...(versionPath ? [versionPath] : [])]);
    if (!doc) return done;
    const version = versionPath ? str(valueAt(doc, versionPath)) : '';
    const completed = instancesAt(doc, DOWNLOADS).map((i) => ({
      file: str(valueAt(doc, `${DOWNLOADS}.${i}.LastFileName`)),
      at: timeOf(valueAt(doc, `${DOWNLOADS}.${i}.LastDownload`)),
    }));
    for (const r of rows) {
      const sent = Date.parse(r.created_at);
      if (completed.some((c) => c.file === r.file_name && c.at >= sent) || (r.target_version !== '' && version === r.target_version))
        done.add(r.id);
    }
    // read the version again rather than trust what the inform left (older GenieACS keeps the pre-flash value until asked)
    if (done.size > 0 && versionPath && this.online(doc))
      await this.o.client.postTask(dev.id, { name: 'getParameterValues', parameterNames: [versionPath] });
    return done;
  }

  async commands(serial: string, ids: string[]): Promise<CommandStatus[]> {
    const numeric = ids.map(Number).filter((n) => Number.isInteger(n));
    const rows = await commands.commandsOf(this.o.db.kysely, serial, numeric);
    await this.sync(rows);
    return (await commands.commandsOf(this.o.db.kysely, serial, numeric)).map(statusOf);
  }

  // ---------- support (the console) ----------

  async supportInfo(serial: string, ids: string[]): Promise<DeviceSupportInfo | null> {
    const dev = await this.locate(serial);
    if (!dev) return null;
    const [doc] = await this.o.client.devices({ _id: dev.id }, ['_id', '_lastInform']);
    const numeric = ids.map(Number).filter((n) => Number.isInteger(n));
    const rows = await commands.commandsOf(this.o.db.kysely, serial, numeric);
    await this.sync(rows);
    const now = await commands.commandsOf(this.o.db.kysely, serial, numeric);
    return {
      acs: this.o.name,
      lastInform: doc ? str(doc._lastInform) : '',
      online: doc ? this.online(doc) : false,
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
    await this.sync([row]);
    const now = await find();
    // sent without an answer and not (yet) found on the ACS: nothing to delete, it may still run
    if (!now || now.state !== 'pending' || now.task_id === '') return now ? statusOf(now) : null;
    if (await this.o.client.deleteTask(now.task_id)) {
      await commands.settle(this.o.db.kysely, n, 'pending', { state: 'cancelled', reason: '', fault_code: '', settled_at: clock.iso() });
    } else {
      // gone between our look and the delete: the device ran it
      await this.sync([now]);
    }
    const after = await find();
    return after ? statusOf(after) : null;
  }
}

export interface GenieAcsSupport {
  supportInfo(serial: string, ids: string[]): Promise<DeviceSupportInfo | null>;
  retry(serial: string, id: string): Promise<CommandStatus | null>;
}

function statusOf(r: commands.AcsCommandRow): CommandStatus {
  return {
    id: String(r.id),
    kind: r.kind as CommandStatus['kind'],
    state: r.state as CommandStatus['state'],
    reason: r.reason,
    createdAt: r.created_at,
    settledAt: r.settled_at,
  };
}

export { AcsError };
