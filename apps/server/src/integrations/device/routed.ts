// Several device gateways behind one: each serial goes to the gateway that manages it
// (docs/decisions/0032-routers-through-genieacs.md). The ACS chosen for the device's agent (or for
// every agent) that knows the serial and manages its model wins, in the configured order; a serial
// no ACS knows stays with the simulator, when it is mounted (the demo devices, a staging setup).
// An ACS that cannot answer (down, too slow, refusing our credentials) makes the device
// DeviceUnreachable, never a 500; the state last read for each device is kept for the pages to show
// while it is (docs/decisions/0055).
import type { NetworkMode } from '@portal/contract/enums';
import type { Db } from '../../db/connect';
import { ALL_CAPABILITIES, type DeviceCapabilities } from './capabilities';
import {
  DeviceUnreachable,
  type CommandStatus,
  type DeviceGateway,
  type DeviceModelInfo,
  type DeviceState,
  type DeviceSupportInfo,
  type FirmwareFile,
  type WifiSettings,
} from './gateway';
import { AcsError } from './genieacs/client';
import type { DeviceSimulator } from './simulator';

export interface RoutedAcs {
  name: string;
  /** agent marks; [] = every agent */
  agents: string[];
  gateway: DeviceGateway;
}

export class RoutedDeviceGateway implements DeviceGateway {
  private readonly chosen = new Map<string, DeviceGateway>();
  /** per serial, the state last read (memory only: after a restart, the stored facts are all there is) */
  private readonly seen = new Map<string, DeviceState>();

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

  /** An ACS that could not answer, in the holder's words; any other error is left as it is. */
  private static reached<T>(serial: string, call: Promise<T>): Promise<T> {
    return call.catch((err: unknown) => {
      throw err instanceof AcsError ? new DeviceUnreachable(serial) : err;
    });
  }

  /**
   * The gateway that manages this serial; null when none does. An ACS that cannot answer may hold
   * it: when no other one claims it, the device is unreachable rather than unknown.
   */
  private async route(serial: string): Promise<DeviceGateway | null> {
    const known = this.chosen.get(serial);
    if (known) return known;
    const agent = await this.agentOf(serial);
    let silent = false;
    for (const s of this.servers) {
      if (s.agents.length > 0 && !s.agents.includes(agent)) continue;
      try {
        if ((await s.gateway.status(serial)) !== null) {
          this.chosen.set(serial, s.gateway);
          return s.gateway;
        }
      } catch (err) {
        if (!(err instanceof AcsError)) throw err;
        silent = true;
      }
    }
    if (this.simulator && (await this.simulator.status(serial)) !== null) {
      this.chosen.set(serial, this.simulator);
      return this.simulator;
    }
    if (silent) throw new DeviceUnreachable(serial);
    return null;
  }

  private async to(serial: string): Promise<DeviceGateway> {
    const gw = await this.route(serial);
    if (!gw) throw new Error(`no device gateway knows ${serial}`);
    return gw;
  }

  lastKnown(serial: string): DeviceState | null {
    return this.seen.get(serial) ?? null;
  }

  /** What the device's model can be asked; everything for the simulator. */
  async capabilities(serial: string): Promise<DeviceCapabilities> {
    const gw = await this.route(serial);
    return gw ? RoutedDeviceGateway.reached(serial, gw.capabilities(serial)) : ALL_CAPABILITIES;
  }

  async status(serial: string) {
    const gw = await this.route(serial);
    const state = gw ? await RoutedDeviceGateway.reached(serial, gw.status(serial)) : null;
    if (state) this.seen.set(serial, state);
    return state;
  }
  /** Every call below goes to the device's gateway; an ACS that cannot answer makes it DeviceUnreachable. */
  private async via<T>(serial: string, call: (gw: DeviceGateway) => Promise<T>): Promise<T> {
    return RoutedDeviceGateway.reached(serial, call(await this.to(serial)));
  }
  async clients(serial: string) {
    return this.via(serial, (gw) => gw.clients(serial));
  }
  async sims(serial: string) {
    return this.via(serial, (gw) => gw.sims(serial));
  }
  async changeWifi(serial: string, wifi: Partial<WifiSettings>): Promise<CommandStatus> {
    return this.via(serial, (gw) => gw.changeWifi(serial, wifi));
  }
  async blockClient(serial: string, mac: string) {
    return this.via(serial, (gw) => gw.blockClient(serial, mac));
  }
  async unblockClient(serial: string, mac: string) {
    return this.via(serial, (gw) => gw.unblockClient(serial, mac));
  }
  async switchSim(serial: string, iccid: string) {
    return this.via(serial, (gw) => gw.switchSim(serial, iccid));
  }
  async setNetworkMode(serial: string, mode: NetworkMode) {
    return this.via(serial, (gw) => gw.setNetworkMode(serial, mode));
  }
  async reboot(serial: string) {
    return this.via(serial, (gw) => gw.reboot(serial));
  }
  async factoryReset(serial: string) {
    return this.via(serial, (gw) => gw.factoryReset(serial));
  }
  async upgradeFirmware(serial: string, file: FirmwareFile) {
    return this.via(serial, (gw) => gw.upgradeFirmware(serial, file));
  }
  /** Every server's models, then the simulator's; a key is listed once (the first server that maps it). */
  async models(): Promise<DeviceModelInfo[]> {
    const all = [...(await Promise.all(this.servers.map((s) => s.gateway.models()))).flat(), ...((await this.simulator?.models()) ?? [])];
    return all.filter((m, i) => all.findIndex((o) => o.key === m.key) === i);
  }
  async commands(serial: string, ids: string[]) {
    return this.via(serial, (gw) => gw.commands(serial, ids));
  }
  async cancel(serial: string, id: string) {
    return this.via(serial, (gw) => gw.cancel(serial, id));
  }
  async supportInfo(serial: string, ids: string[]): Promise<DeviceSupportInfo | null> {
    const gw = await this.route(serial);
    return gw?.supportInfo ? RoutedDeviceGateway.reached(serial, gw.supportInfo(serial, ids)) : null;
  }
  /** undefined where the device's gateway has no retry (the simulator: a failure is final) */
  async retry(serial: string, id: string): Promise<CommandStatus | null> {
    return this.via(serial, async (gw) => (gw.retry ? gw.retry(serial, id) : null));
  }
  /** Whether the device's gateway can retry a failed command. */
  async canRetry(serial: string): Promise<boolean> {
    const gw = await this.route(serial);
    return !!gw?.retry;
  }
}
