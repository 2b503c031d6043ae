// Several device gateways behind one: each serial goes to the gateway that manages it
// (docs/decisions/0032-routers-through-genieacs.md). The ACS chosen for the device's agent (or for
// every agent) that knows the serial and manages its model wins, in the configured order; a serial
// no ACS knows stays with the simulator, when it is mounted (the demo devices, a staging setup).
import type { NetworkMode } from '@portal/contract/enums';
import type { Db } from '../../db/connect';
import { ALL_CAPABILITIES, type DeviceCapabilities } from './capabilities';
import type { CommandStatus, DeviceGateway, DeviceModelInfo, DeviceSupportInfo, FirmwareFile, WifiSettings } from './gateway';
import type { DeviceSimulator } from './simulator';

export interface RoutedAcs {
  name: string;
  /** agent marks; [] = every agent */
  agents: string[];
  gateway: DeviceGateway;
}

export class RoutedDeviceGateway implements DeviceGateway {
  private readonly chosen = new Map<string, DeviceGateway>();

  constructor(
    private readonly db: Db,
    private readonly servers: RoutedAcs[],
    /** the simulator for serials no ACS knows; null in a production deployment without it */
    readonly simulator: DeviceSimulator | null,
  ) {}

  /** The agent whose card sits in the device ('' when the portal has no such device). */
  private async agentOf(serial: string): Promise<string> {
    const row = await this.db.kysely
      .selectFrom('devices as d')
      .innerJoin('cards as c', 'c.id', 'd.card_id')
      .innerJoin('agents as a', 'a.id', 'c.agent_id')
      .select('a.mark')
      .where('d.serial', '=', serial)
      .executeTakeFirst();
    return row?.mark ?? '';
  }

  /** The gateway that manages this serial; null when none does. */
  private async route(serial: string): Promise<DeviceGateway | null> {
    const known = this.chosen.get(serial);
    if (known) return known;
    const agent = await this.agentOf(serial);
    for (const s of this.servers) {
      if (s.agents.length > 0 && !s.agents.includes(agent)) continue;
      if ((await s.gateway.status(serial)) !== null) {
        this.chosen.set(serial, s.gateway);
        return s.gateway;
      }
    }
    if (this.simulator && (await this.simulator.status(serial)) !== null) {
      this.chosen.set(serial, this.simulator);
      return this.simulator;
    }
    return null;
  }

  private async to(serial: string): Promise<DeviceGateway> {
    const gw = await this.route(serial);
    if (!gw) throw new Error(`no device gateway knows ${serial}`);
    return gw;
  }

  /** What the device's model can be asked; everything for the simulator. */
  async capabilities(serial: string): Promise<DeviceCapabilities> {
    const gw = await this.route(serial);
    return gw ? gw.capabilities(serial) : ALL_CAPABILITIES;
  }

  async status(serial: string) {
    const gw = await this.route(serial);
    return gw ? gw.status(serial) : null;
  }
  async clients(serial: string) {
    return (await this.to(serial)).clients(serial);
  }
  async sims(serial: string) {
    return (await this.to(serial)).sims(serial);
  }
  async changeWifi(serial: string, wifi: Partial<WifiSettings>): Promise<CommandStatus> {
    return (await this.to(serial)).changeWifi(serial, wifi);
  }
  async blockClient(serial: string, mac: string) {
    return (await this.to(serial)).blockClient(serial, mac);
  }
  async unblockClient(serial: string, mac: string) {
    return (await this.to(serial)).unblockClient(serial, mac);
  }
  async switchSim(serial: string, iccid: string) {
    return (await this.to(serial)).switchSim(serial, iccid);
  }
  async setNetworkMode(serial: string, mode: NetworkMode) {
    return (await this.to(serial)).setNetworkMode(serial, mode);
  }
  async reboot(serial: string) {
    return (await this.to(serial)).reboot(serial);
  }
  async factoryReset(serial: string) {
    return (await this.to(serial)).factoryReset(serial);
  }
  async upgradeFirmware(serial: string, file: FirmwareFile) {
    return (await this.to(serial)).upgradeFirmware(serial, file);
  }
  /** Every server's models, then the simulator's; a key is listed once (the first server that maps it). */
  async models(): Promise<DeviceModelInfo[]> {
    const all = [...(await Promise.all(this.servers.map((s) => s.gateway.models()))).flat(), ...((await this.simulator?.models()) ?? [])];
    return all.filter((m, i) => all.findIndex((o) => o.key === m.key) === i);
  }
  async commands(serial: string, ids: string[]) {
    return (await this.to(serial)).commands(serial, ids);
  }
  async cancel(serial: string, id: string) {
    return (await this.to(serial)).cancel(serial, id);
  }
  async supportInfo(serial: string, ids: string[]): Promise<DeviceSupportInfo | null> {
    const gw = await this.route(serial);
    return gw?.supportInfo ? gw.supportInfo(serial, ids) : null;
  }
  /** undefined where the device's gateway has no retry (the simulator: a failure is final) */
  async retry(serial: string, id: string): Promise<CommandStatus | null> {
    const gw = await this.to(serial);
    return gw.retry ? gw.retry(serial, id) : null;
  }
  /** Whether the device's gateway can retry a failed command. */
  async canRetry(serial: string): Promise<boolean> {
    const gw = await this.route(serial);
    return !!gw?.retry;
  }
}
