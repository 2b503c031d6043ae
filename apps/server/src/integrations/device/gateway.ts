// The device interface, beside the carrier one. A vendor's device cloud (the MiFi / CPE maker's
// management API) plugs in behind it later; the simulator (./simulator.ts) keeps its state in the
// database so that several server processes see the same devices.
//
// Like real hardware, a device is not changed by the call: a change becomes a command that the
// device picks up at its next check-in. Every change method answers the queued command; `command`
// tells later whether it was applied or failed (and why), `cancel` withdraws one still queued.
import { DeviceCode, DEVICE_MESSAGE } from '@portal/contract/deviceCodes';
import { AppError } from '../../lib/errors';
import type { DeviceCapabilities } from './capabilities';
import type { DeviceChangeKind, DeviceChangeState, NetworkMode, WifiBand, WifiSecurity } from '@portal/contract/enums';

export interface RadioSignal {
  /** '4G' | '5G' */
  networkType: string;
  band: string;
  rsrp: number;
  sinr: number;
  rsrq: number;
}

export interface WifiSettings {
  ssid: string;
  password: string;
  hidden: boolean;
  security: WifiSecurity;
  band: WifiBand;
  maxClients: number;
}

export interface DeviceState {
  serial: string;
  imei: string;
  /** card_mold (docs/spec/portal-spec.md §3) */
  model: number;
  modelName: string;
  /**
   * What the firmware catalogue calls the model: GenieACS's product class for a router behind an
   * ACS, the model name for a simulated device. A firmware image is pushed only to its own model.
   */
  modelKey: string;
  firmware: string;
  portable: boolean;
  supports5g: boolean;
  online: boolean;
  onlineChangedAt: string;
  /** rebooting: when it is expected back; null otherwise */
  backOnlineAt: string | null;
  /** percent, null without a battery */
  battery: number | null;
  uptimeSeconds: number;
  networkMode: NetworkMode;
  activeIccid: string;
  /** the active SIM's carrier; null when the device is offline or has no SIM */
  carrier: number | null;
  /** the active SIM's signal as last reported; null offline or with no signal */
  signal: RadioSignal | null;
  wifi: WifiSettings;
  /**
   * false: wifi.password is not the passphrase but "" read back from a router that hides it
   * (TR-069 reads passwords back empty) — the pages say 未读取 (docs/decisions/0061-routers-behind-a-slow-acs.md)
   */
  wifiPasswordRead: boolean;
  checkinSeconds: number;
}

export interface DeviceClientInfo {
  mac: string;
  name: string;
  ip: string;
  /** '2.4g' | '5g'; '' when the device does not say (a TR-098 router) */
  band: string;
  /** '' when the device does not say (CWMP keeps no join time) */
  connectedAt: string;
  blocked: boolean;
}

export interface DeviceSimInfo {
  iccid: string;
  slot: number;
  carrier: number;
  activated: boolean;
  active: boolean;
  online: boolean;
  /** what the device measures on this SIM's network; null = no signal */
  signal: RadioSignal | null;
  // No data figures: a device reports which SIM is in use and its radio; what a line has used and
  // has left is the carrier's, read through the line's read model (docs/decisions/0029).
}

export type DeviceCommand =
  | { kind: 'wifi'; wifi: Partial<WifiSettings> }
  | { kind: 'block_client'; mac: string }
  | { kind: 'unblock_client'; mac: string }
  | { kind: 'switch_sim'; iccid: string }
  | { kind: 'network_mode'; mode: NetworkMode }
  | { kind: 'reboot' }
  | { kind: 'reset' }
  | { kind: 'firmware'; file: FirmwareFile };

/** A firmware image from the catalogue, as the device is told to fetch it (docs/decisions/0040-firmware-through-the-acs.md). */
export interface FirmwareFile {
  /** the name GenieACS's file server knows it by (the Download RPC is built from it) */
  fileName: string;
  /** the SoftwareVersion the device reports once it runs the image */
  version: string;
  /** where it is fetched from when not GenieACS's own file server; '' = the ACS's */
  url: string;
  sizeBytes: number;
}

/** A model a device gateway knows: the catalogue's choice of models (docs/decisions/0040-firmware-through-the-acs.md). */
export interface DeviceModelInfo {
  key: string;
  name: string;
  /** it takes firmware images remotely */
  firmware: boolean;
}

export interface CommandStatus {
  id: string;
  kind: DeviceChangeKind;
  state: DeviceChangeState;
  /** why it failed, in Chinese; "" otherwise */
  reason: string;
  createdAt: string;
  settledAt: string | null;
}

/**
 * A change the device's model cannot make (its parameter map lacks the parameter or the value):
 * thrown before anything is sent, so the service refuses it in the holder's words.
 */
export class DeviceUnsupported extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceUnsupported';
  }
}

/**
 * The device's cloud (an ACS that is down, times out or refuses us) cannot answer for it now. An
 * AppError, not a fault: every path that needs the device — a holder's change, support's firmware
 * push — answers the same Chinese words with nothing sent or written, instead of a 500; the reads
 * catch it and answer with what the portal knows (modules/devices/reads.ts).
 */
export class DeviceUnreachable extends AppError {
  constructor(readonly serial: string) {
    super(DeviceCode.UNREACHABLE, DEVICE_MESSAGE[DeviceCode.UNREACHABLE]);
    this.name = 'DeviceUnreachable';
  }
}

/** What support sees of a device behind an auto-configuration server (docs/decisions/0032-routers-through-genieacs.md). */
export interface DeviceSupportInfo {
  /** the ACS's name */
  acs: string;
  /** when the router last called in ('' unknown) */
  lastInform: string;
  /** it called in within the online window */
  online: boolean;
  /** the router's CWMP fault code by command id, for the failed ones */
  faultCodes: Record<string, string>;
}

export interface DeviceGateway {
  /** The device's state, or null for a serial the cloud does not know. */
  status(serial: string): Promise<DeviceState | null>;
  /** What the device's model can be asked: the pages hide the rest (docs/decisions/0032-routers-through-genieacs.md). */
  capabilities(serial: string): Promise<DeviceCapabilities>;
  clients(serial: string): Promise<DeviceClientInfo[]>;
  sims(serial: string): Promise<DeviceSimInfo[]>;
  changeWifi(serial: string, wifi: Partial<WifiSettings>): Promise<CommandStatus>;
  blockClient(serial: string, mac: string): Promise<CommandStatus>;
  unblockClient(serial: string, mac: string): Promise<CommandStatus>;
  switchSim(serial: string, iccid: string): Promise<CommandStatus>;
  setNetworkMode(serial: string, mode: NetworkMode): Promise<CommandStatus>;
  reboot(serial: string): Promise<CommandStatus>;
  factoryReset(serial: string): Promise<CommandStatus>;
  /**
   * Have the device fetch and install a firmware image. Pending until the device runs the new image
   * (the ACS: its TRANSFER COMPLETE; the simulator: its check-in), failed with the reason in Chinese
   * when the download fails (CWMP 9010…).
   */
  upgradeFirmware(serial: string, file: FirmwareFile): Promise<CommandStatus>;
  /** The models this gateway manages. */
  models(): Promise<DeviceModelInfo[]>;
  /** The commands' states now (unknown ids are left out). */
  commands(serial: string, ids: string[]): Promise<CommandStatus[]>;
  /** Withdraw a queued command; answers its state afterwards (not 'cancelled' when it was too late). */
  cancel(serial: string, id: string): Promise<CommandStatus | null>;
  /** Support's view of a device behind an ACS; null (or absent) for the simulator. */
  supportInfo?(serial: string, ids: string[]): Promise<DeviceSupportInfo | null>;
  /** Have the device try a failed command again (at its next inform); absent where a failure is final. */
  retry?(serial: string, id: string): Promise<CommandStatus | null>;
  /** The state this process last read for the device, for when its cloud cannot be reached; null when never read. */
  lastKnown?(serial: string): DeviceState | null;
}
