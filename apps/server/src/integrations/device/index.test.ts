import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { Db } from '../../db/connect';
import { deviceGatewayFor } from './index';
import { RoutedDeviceGateway } from './routed';
import { DeviceSimulator } from './simulator';

// the gateway is only built here, never asked: no database is touched
const db = {} as Db;

describe('the device gateway a server starts with', () => {
  it('the simulator alone when no ACS is configured', () => {
    expect(deviceGatewayFor(db, loadConfig({ NODE_ENV: 'test' }))).toBeInstanceOf(DeviceSimulator);
  });

  it('with ACS_URL: routed, the simulator kept for serials no ACS knows', () => {
    const gw = deviceGatewayFor(db, loadConfig({ NODE_ENV: 'test', ACS_URL: 'http://127.0.0.1:7557' }));
    expect(gw).toBeInstanceOf(RoutedDeviceGateway);
    expect((gw as RoutedDeviceGateway).simulator).toBeInstanceOf(DeviceSimulator);
  });

  it('production with an ACS and without ALLOW_SIMULATORS=devices: no simulator behind it', () => {
    const config = loadConfig({ NODE_ENV: 'production', ACS_URL: 'http://127.0.0.1:7557', PERSONAL_DATA_KEY: 'x'.repeat(40) });
    expect((deviceGatewayFor(db, config) as RoutedDeviceGateway).simulator).toBeNull();
  });

  it('a broken model map stops the start, naming the file, the model and the parameter', () => {
    const dir = mkdtempSync(join(tmpdir(), 'models-'));
    writeFileSync(
      join(dir, 'x.json'),
      JSON.stringify({
        manufacturer: 'ZTE',
        productClass: 'MU5001',
        name: 'x',
        cardMold: 10,
        portable: false,
        supports5g: true,
        base: 'tr181',
        parameters: { 'cell.band': 'Device.Cellular.Interface.1.Band' },
      }),
    );
    const config = { ...loadConfig({ NODE_ENV: 'test', ACS_URL: 'http://127.0.0.1:7557' }), deviceModelsDir: dir };
    const err = (() => {
      try {
        deviceGatewayFor(db, config);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/device model map x\.json \(MU5001\): parameter "cell\.band" is no standard parameter/);
  });

  it('an unreadable ACS password file stops the start', () => {
    expect(() =>
      deviceGatewayFor(
        db,
        loadConfig({ NODE_ENV: 'test', ACS_URL: 'http://127.0.0.1:7557', ACS_USERNAME: 'nbi', ACS_PASSWORD_FILE: '/nonexistent/acs.pw' }),
      ),
    ).toThrow(/ACS_PASSWORD_FILE: cannot read the password file/);
  });
});
