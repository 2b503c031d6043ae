import { describe, expect, it } from 'vitest';
import { ALL_CAPABILITIES, capabilitiesOf, CAPABILITIES, choicesOf, type Capability, type ParameterKey } from './capabilities';

const TR181_WIFI = {
  'wifi.ssid': 'Device.WiFi.SSID.1.SSID',
  'wifi.password': 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase',
  'wifi.advertised': 'Device.WiFi.AccessPoint.1.SSIDAdvertisementEnabled',
} satisfies Partial<Record<ParameterKey, string>>;
const HOSTS = { hosts: 'Device.Hosts.Host', 'host.mac': 'PhysAddress' } satisfies Partial<Record<ParameterKey, string>>;

const supported = (
  p: Partial<Record<ParameterKey, string | null>>,
  v: Partial<Record<ParameterKey, Record<string, string>>> = {},
  rpcs: { download?: boolean } = {},
) => CAPABILITIES.filter((c) => capabilitiesOf(p, v, rpcs)[c]);

describe('what a model supports', () => {
  it.each<[string, Partial<Record<ParameterKey, string | null>>, Partial<Record<ParameterKey, Record<string, string>>>, Capability[]]>([
    ['nothing mapped: only the RPCs every CWMP device has', {}, {}, ['reboot', 'reset']],
    ['wifi name, password and hiding', TR181_WIFI, {}, ['wifi.ssid', 'wifi.password', 'wifi.hidden', 'reboot', 'reset']],
    ['a parameter set to null is absent', { ...TR181_WIFI, 'wifi.password': null }, {}, ['wifi.ssid', 'wifi.hidden', 'reboot', 'reset']],
    ['an empty path is absent', { 'wifi.ssid': '' }, {}, ['reboot', 'reset']],
    ['clients listed but not blocked without the vendor field', HOSTS, {}, ['clients.list', 'reboot', 'reset']],
    [
      'client blocking needs the table, the MAC and the vendor field',
      { ...HOSTS, 'host.blocked': 'X_ZTE-COM_AccessBlocked' },
      {},
      ['clients.list', 'clients.block', 'reboot', 'reset'],
    ],
    [
      'the blocked field without the hosts table does nothing',
      { 'host.blocked': 'X_ZTE-COM_AccessBlocked', 'host.mac': 'PhysAddress' },
      {},
      ['reboot', 'reset'],
    ],
    ['security needs its values', { 'wifi.security': 'Device.WiFi.AccessPoint.1.Security.ModeEnabled' }, {}, ['reboot', 'reset']],
    [
      'security with its values',
      { 'wifi.security': 'Device.WiFi.AccessPoint.1.Security.ModeEnabled' },
      { 'wifi.security': { wpa2: 'WPA2-Personal' } },
      ['wifi.security', 'reboot', 'reset'],
    ],
    ['SINR without RSRP is no signal', { 'cell.sinr': 'Device.Cellular.Interface.1.X_ZTE-COM_SINR' }, {}, ['reboot', 'reset']],
    [
      'signal with SINR and band',
      { 'cell.rsrp': 'Device.Cellular.Interface.1.RSRP', 'cell.sinr': 'X.X_A', 'cell.band': 'X.X_B' },
      {},
      ['signal', 'signal.sinr', 'signal.band', 'reboot', 'reset'],
    ],
    ['SIM switch needs slots, their ICCID and the active slot', { sims: 'Device.X_S', 'sim.iccid': 'ICCID' }, {}, ['reboot', 'reset']],
    [
      'SIM switch',
      { sims: 'Device.X_S', 'sim.iccid': 'ICCID', 'sim.activeSlot': 'Device.X_Active' },
      {},
      ['sims.switch', 'reboot', 'reset'],
    ],
    [
      'network mode needs its values',
      { 'cell.preferredTechnology': 'Device.Cellular.Interface.1.PreferredAccessTechnology' },
      { 'cell.preferredTechnology': { '4g': 'LTE' } },
      ['networkMode', 'reboot', 'reset'],
    ],
  ])('%s', (_name, parameters, values, want) => {
    expect(supported(parameters, values)).toEqual(want);
  });
});

describe('firmware upgrades', () => {
  const VERSION = { 'deviceInfo.firmware': 'Device.DeviceInfo.SoftwareVersion' } satisfies Partial<Record<ParameterKey, string>>;
  it.each<[string, Partial<Record<ParameterKey, string | null>>, { download?: boolean }, boolean]>([
    ['the map declares download and the version is mapped', VERSION, { download: true }, true],
    ['the version alone: the model takes no firmware over CWMP', VERSION, {}, false],
    ['download declared false', VERSION, { download: false }, false],
    ['download without a version to read back afterwards', {}, { download: true }, false],
  ])('%s', (_name, parameters, rpcs, want) => {
    expect(supported(parameters, {}, rpcs).includes('firmware')).toBe(want);
  });
  it('the simulator can', () => expect(ALL_CAPABILITIES.firmware).toBe(true));
});

describe('choicesOf', () => {
  it('offers the values the map writes, in our order, and nothing it does not', () => {
    expect(choicesOf({ 'wifi.security': { wpa2_wpa3: 'WPAand11i', wpa2: '11i' } })).toEqual({
      wifiSecurity: ['wpa2', 'wpa2_wpa3'],
      wifiBand: [],
    });
    expect(choicesOf({ 'wifi.band': { '5g': '5GHz' } }).wifiBand).toEqual(['5g']);
    expect(ALL_CAPABILITIES.choices).toEqual({ wifiSecurity: ['wpa2', 'wpa3', 'wpa2_wpa3'], wifiBand: ['2.4g', '5g', 'both'] });
  });
});
