import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadModelMaps, parseModelMap } from './modelMap';

const SHIPPED = fileURLToPath(new URL('../../../../../../deploy/device-models/', import.meta.url));

const zte = {
  manufacturer: 'ZTE',
  productClass: 'MU5001',
  name: '中兴 MU5001',
  cardMold: 10,
  portable: false,
  supports5g: true,
  base: 'tr181',
  parameters: { 'cell.sinr': 'Device.Cellular.Interface.1.X_ZTE-COM_SINR', 'host.blocked': 'X_ZTE-COM_AccessBlocked' },
};

describe('the model maps shipped in deploy/device-models', () => {
  const maps = loadModelMaps(SHIPPED);

  it('load and check, keyed by product class', () => {
    expect([...maps.keys()].sort()).toEqual(['E5785', 'GL-X3000', 'MU5001']);
  });

  it('merge a model over its base: the TR-181 SSID with the vendor SINR', () => {
    const m = maps.get('MU5001')!;
    expect(m.parameters['wifi.ssid']).toBe('Device.WiFi.SSID.1.SSID');
    expect(m.parameters['cell.sinr']).toBe('Device.Cellular.Interface.1.X_ZTE-COM_SINR');
    expect(m.capabilities['clients.block']).toBe(true);
    expect(m.capabilities['sims.switch']).toBe(false);
  });

  it('a TR-098 MiFi without client blocking: the password under PreSharedKey.1, no blocking', () => {
    const m = maps.get('E5785')!;
    expect(m.parameters['wifi.password']).toBe('InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase');
    expect(m.capabilities['clients.list']).toBe(true);
    expect(m.capabilities['clients.block']).toBe(false);
    expect(m.capabilities['wifi.band']).toBe(false);
    expect(m.capabilities['signal.sinr']).toBe(true);
  });

  it('a dual-SIM router switches SIMs', () => {
    expect(maps.get('GL-X3000')!.capabilities['sims.switch']).toBe(true);
  });

  it('firmware over TR-069 where the map declares download: the CPEs, not the Huawei MiFi', () => {
    expect(maps.get('MU5001')!.capabilities.firmware).toBe(true);
    expect(maps.get('GL-X3000')!.capabilities.firmware).toBe(true);
    expect(maps.get('E5785')!.capabilities.firmware).toBe(false);
  });
});

describe('a map that cannot be used is refused, naming the file, the model and the parameter', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'an unknown parameter',
      { parameters: { 'wifi.colour': 'Device.WiFi.X_Colour' } },
      /zte\.json \(MU5001\): unknown parameter "wifi\.colour"/,
    ],
    [
      'a path under the other data model',
      { parameters: { 'cell.rsrp': 'InternetGatewayDevice.X_HW.RSRP' } },
      /\(MU5001\): parameter "cell\.rsrp" must start with Device\./,
    ],
    [
      'a vendor parameter without an X_ segment',
      { parameters: { 'cell.sinr': 'Device.Cellular.Interface.1.SINR' } },
      /\(MU5001\): parameter "cell\.sinr" is no standard parameter/,
    ],
    [
      'a row field given as a path',
      { parameters: { 'host.blocked': 'Device.Hosts.Host.1.X_Blocked' } },
      /\(MU5001\): parameter "host\.blocked" is a field of a table row/,
    ],
    [
      'a path with a space',
      { parameters: { 'wifi.ssid': 'Device.WiFi.SSID.1 .SSID' } },
      /\(MU5001\): parameter "wifi\.ssid" is not a parameter path/,
    ],
    ['no product class', { productClass: '' }, /\(\(no productClass\)\): "productClass" must be a non-empty string/],
    ['an unknown base', { base: 'tr069' }, /\(MU5001\): "base" must be "tr181" or "tr098"/],
    ['a card mold that is no number', { cardMold: 'cpe' }, /\(MU5001\): "cardMold" must be a whole number/],
    ['portable not a boolean', { portable: 'no' }, /\(MU5001\): "portable" must be true or false/],
    ['download not a boolean', { download: 'yes' }, /\(MU5001\): "download" must be true or false/],
    [
      'an enumeration mapped without values',
      { base: 'tr098', parameters: { 'wifi.band': 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.X_Band' } },
      /parameter "wifi\.band" is mapped but its "values" are not/,
    ],
    ['half a SIM table', { parameters: { sims: 'Device.X_SIM' } }, /"sims", "sim\.iccid" and "sim\.activeSlot" go together/],
  ])('%s', (_name, change, message) => {
    expect(() => parseModelMap('zte.json', { ...zte, ...change })).toThrow(message);
  });

  it('two files for one product class', () => {
    const dir = mkdtempSync(join(tmpdir(), 'models-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(zte));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ ...zte, name: 'again' }));
    expect(() => loadModelMaps(dir)).toThrow(/b\.json \(MU5001\): a\.json already maps this productClass/);
  });

  it('a file that is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'models-'));
    writeFileSync(join(dir, 'broken.json'), '{ "productClass": ');
    expect(() => loadModelMaps(dir)).toThrow(/broken\.json: not valid JSON/);
  });
});
