// What a device can be asked to do. The simulator can do everything; a real router can do what its
// model's parameter map names (./genieacs/modelMap.ts). The pages hide a control whose capability a
// device lacks instead of offering it and failing (docs/decisions/0032-routers-through-genieacs.md).

import { WIFI_BAND, WIFI_SECURITY, type WifiBand, type WifiSecurity } from '@portal/contract/enums';

/** Logical parameters a model map may name (the TR-181 / TR-098 base maps fill the standard ones). */
export const PARAMETER_KEYS = [
  'deviceInfo.firmware',
  'deviceInfo.uptime',
  'wifi.ssid',
  'wifi.password',
  'wifi.security',
  'wifi.advertised',
  'wifi.maxClients',
  'wifi.band',
  'hosts',
  'host.mac',
  'host.ip',
  'host.name',
  'host.active',
  'host.blocked',
  'wifi.accessPoints',
  'ap.ssid',
  'ap.clients',
  'apClient.mac',
  'ssid.radio',
  'cell.imei',
  'cell.iccid',
  'cell.rsrp',
  'cell.rsrq',
  'cell.sinr',
  'cell.band',
  'cell.technology',
  'cell.preferredTechnology',
  'cell.apn',
  'sims',
  'sim.iccid',
  'sim.activeSlot',
  'battery',
] as const;
export type ParameterKey = (typeof PARAMETER_KEYS)[number];

/** Names inside a table row (hosts, sims) rather than full paths. */
export const ROW_FIELDS: ReadonlySet<ParameterKey> = new Set([
  'host.mac',
  'host.ip',
  'host.name',
  'host.active',
  'host.blocked',
  'sim.iccid',
  // the access points' associated devices (TR-181 Device.WiFi.AccessPoint.{i}): which radio a client is on
  'ap.ssid',
  'ap.clients',
  'apClient.mac',
  'ssid.radio',
]);

/** No standard object holds these: a model map names them with a vendor extension (an X_ segment). */
export const VENDOR_ONLY: ReadonlySet<ParameterKey> = new Set([
  'cell.sinr',
  'cell.band',
  'host.blocked',
  'sims',
  'sim.activeSlot',
  'battery',
]);

/** Parameters whose values are enumerations: the map must say how each of our values is written. */
export const ENUMERATED: ReadonlySet<ParameterKey> = new Set(['wifi.security', 'wifi.band', 'cell.technology', 'cell.preferredTechnology']);

export const CAPABILITIES = [
  'wifi.ssid',
  'wifi.password',
  'wifi.hidden',
  'wifi.security',
  'wifi.band',
  'wifi.maxClients',
  'clients.list',
  'clients.block',
  'signal',
  'signal.sinr',
  'signal.band',
  'sims.switch',
  'networkMode',
  'reboot',
  'reset',
  'firmware',
] as const;
export type Capability = (typeof CAPABILITIES)[number];
/**
 * The values of an enumerated setting the model takes (those its map says how to write): the pages
 * offer only these, so a TR-098 MiFi without WPA3 is never offered WPA3.
 */
export interface DeviceChoices {
  wifiSecurity: readonly WifiSecurity[];
  wifiBand: readonly WifiBand[];
}
export type DeviceCapabilities = Record<Capability, boolean> & { choices: DeviceChoices };

export const ALL_CHOICES: DeviceChoices = { wifiSecurity: WIFI_SECURITY, wifiBand: WIFI_BAND };

/** Our values the map writes, in our order. */
export function choicesOf(values: Partial<Record<ParameterKey, Record<string, string>>>): DeviceChoices {
  const mapped = <T extends string>(all: readonly T[], k: ParameterKey) => all.filter((v) => values[k]?.[v] !== undefined);
  return { wifiSecurity: mapped(WIFI_SECURITY, 'wifi.security'), wifiBand: mapped(WIFI_BAND, 'wifi.band') };
}

/** The parameters each capability needs mapped (reboot and reset are RPCs every CWMP device has). */
export const NEEDS: Record<Capability, readonly ParameterKey[]> = {
  'wifi.ssid': ['wifi.ssid'],
  'wifi.password': ['wifi.password'],
  'wifi.hidden': ['wifi.advertised'],
  'wifi.security': ['wifi.security'],
  'wifi.band': ['wifi.band'],
  'wifi.maxClients': ['wifi.maxClients'],
  'clients.list': ['hosts', 'host.mac'],
  'clients.block': ['hosts', 'host.mac', 'host.blocked'],
  signal: ['cell.rsrp'],
  'signal.sinr': ['cell.rsrp', 'cell.sinr'],
  'signal.band': ['cell.rsrp', 'cell.band'],
  'sims.switch': ['sims', 'sim.iccid', 'sim.activeSlot'],
  networkMode: ['cell.preferredTechnology'],
  reboot: [],
  reset: [],
  // the version is read back after the upgrade (docs/decisions/0040-firmware-through-the-acs.md)
  firmware: ['deviceInfo.firmware'],
};

/**
 * RPCs a model's map declares beyond the ones every CWMP device answers. Download is required of a
 * CPE by TR-069, but many MiFi makers refuse firmware over CWMP (their app does it): a model offers
 * firmware upgrades only when its map says `"download": true`.
 */
export interface ModelRpcs {
  download?: boolean;
}

export const ALL_CAPABILITIES: DeviceCapabilities = {
  ...(Object.fromEntries(CAPABILITIES.map((c) => [c, true])) as Record<Capability, boolean>),
  choices: ALL_CHOICES,
};

/**
 * What a model supports: a capability whose parameters are all mapped, and, for an enumeration,
 * whose values are mapped too (a band map without values could read the band but never write it).
 */
export function capabilitiesOf(
  parameters: Partial<Record<ParameterKey, string | null>>,
  values: Partial<Record<ParameterKey, Record<string, string>>> = {},
  rpcs: ModelRpcs = {},
): DeviceCapabilities {
  const has = (k: ParameterKey) => typeof parameters[k] === 'string' && parameters[k] !== '';
  const valued = (k: ParameterKey) => !ENUMERATED.has(k) || Object.keys(values[k] ?? {}).length > 0;
  const rpcOk = (c: Capability) => c !== 'firmware' || rpcs.download === true;
  return {
    ...(Object.fromEntries(CAPABILITIES.map((c) => [c, rpcOk(c) && NEEDS[c].every((k) => has(k) && valued(k))])) as Record<
      Capability,
      boolean
    >),
    choices: choicesOf(values),
  };
}
