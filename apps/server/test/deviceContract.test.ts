// The device simulator and the GenieACS adapter keep one contract (src/integrations/device/
// contract.ts): the same changes, offline queues, cancels and refusals give the same answers in our
// terms. The simulator's devices are sim_devices rows; the adapter's live in a fake GenieACS NBI
// (a real HTTP server on 127.0.0.1) and are described by the shipped model maps. Both keep their
// state in a real migrated database: SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll } from 'vitest';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { describeDeviceContract } from '../src/integrations/device/contract';
import { GenieAcsGateway } from '../src/integrations/device/genieacs/adapter';
import { GenieAcsClient } from '../src/integrations/device/genieacs/client';
import { startFakeAcs } from '../src/integrations/device/genieacs/fake';
import { loadModelMaps } from '../src/integrations/device/genieacs/modelMap';
import { DeviceSimulator } from '../src/integrations/device/simulator';
import { fetchTransport } from '../src/integrations/http/transport';
import { clock } from '../src/lib/clock';
import { MODELS_DIR, zteParameters } from './acsHelpers';
import { createPgDatabase, databases, type DbKind } from './harness';

const CHECKIN_MS = 5_000;
const REBOOT_MS = 20_000;
const HOUR = 3_600_000;

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops.splice(0)) await d();
});

async function database(kind: DbKind): Promise<Db> {
  if (kind === 'sqlite') {
    const db = await connect(':memory:');
    await migrate(db);
    return db;
  }
  const pg = await createPgDatabase();
  const db = await connect(pg.url);
  await migrate(db);
  drops.push(async () => {
    await db.close();
    await pg.drop();
  });
  return db;
}

for (const kind of databases()) {
  describeDeviceContract(`simulator (${kind})`, async () => {
    const db = await database(kind);
    const sim = new DeviceSimulator(db, { checkinMs: CHECKIN_MS, rebootMs: REBOOT_MS });
    let n = 0;
    return {
      gateway: sim,
      async addDevice(d) {
        n += 1;
        const serial = `SIMC-${kind}-${n}`;
        const now = clock.iso();
        await db.kysely
          .insertInto('sim_devices')
          .values({
            serial,
            imei: '868120040000001',
            model: 10,
            model_name: '5G CPE Pro',
            firmware: 'V1',
            portable: 0,
            supports_5g: 1,
            battery: null,
            online: d.online ? 1 : 0,
            online_changed_at: now,
            offline_until: null,
            boot_at: now,
            next_checkin_at: now,
            active_iccid: `8986001000000000${String(n).padStart(4, '0')}`,
            network_mode: 'auto',
            ssid: d.ssid,
            wifi_password: d.password,
            hidden: 0,
            security: 'wpa2_wpa3',
            band: 'both',
            max_clients: 32,
            factory_ssid: d.ssid,
            factory_password: d.password,
          })
          .execute();
        for (const slot of [1, 2])
          await db.kysely
            .insertInto('sim_device_sims')
            .values({
              serial,
              slot,
              iccid: `898600${slot}000000000${String(n).padStart(4, '0')}`.slice(0, 20).padEnd(20, '0'),
              carrier: 1,
              // the second SIM is not activated: switching to it is what this device refuses
              activated: slot === 1 ? 1 : 0,
              rsrp: -85,
              sinr: 15,
              rsrq: -9,
              band_4g: 'B3',
              band_5g: 'n41',
              remaining_kb: 0,
              total_kb: 0,
            })
            .execute();
        await db.kysely
          .updateTable('sim_devices')
          .set({ active_iccid: `898600${1}000000000${String(n).padStart(4, '0')}`.slice(0, 20).padEnd(20, '0') })
          .where('serial', '=', serial)
          .execute();
        return serial;
      },
      settle: async () => clock.advance(CHECKIN_MS + 1),
      comeBack: (serial) => sim.powerOn(serial),
      async refusedChange(serial) {
        const sims = await sim.sims(serial);
        return sim.switchSim(serial, sims.find((s) => !s.activated)!.iccid);
      },
      firmware: async (_serial, version) => ({ fileName: `CPE-${version}.bin`, version, url: '', sizeBytes: 32_000_000 }),
      async failingFirmware(serial) {
        await sim.failNextDownload(serial, '9010');
        return { fileName: 'CPE-broken.bin', version: 'FW-BROKEN', url: '', sizeBytes: 32_000_000 };
      },
      // flashing reboots it: back after DEVICE_REBOOT_SECONDS
      afterReboot: async () => clock.advance(REBOOT_MS + 1),
      close: async () => {
        if (kind === 'sqlite') await db.close();
      },
    };
  });

  describeDeviceContract(`GenieACS adapter against the fake NBI (${kind})`, async () => {
    const db = await database(kind);
    const fake = await startFakeAcs({ username: 'nbi', password: 'nbi-secret', now: () => clock.now().getTime() });
    const client = new GenieAcsClient({
      baseUrl: fake.baseUrl,
      username: 'nbi',
      password: 'nbi-secret',
      transport: fetchTransport(2000),
      taskTimeoutMs: 3000,
    });
    const gateway = new GenieAcsGateway({
      name: 'contract',
      client,
      models: loadModelMaps(MODELS_DIR),
      db,
      onlineWindowMs: 10 * 60_000,
      informIntervalMs: 5 * 60_000,
      maxValueAgeMs: 60 * 60_000,
    });
    let n = 0;
    return {
      gateway,
      async addDevice(d) {
        n += 1;
        // a dash in the serial: GenieACS keeps it as %2D in the id, so the path must carry %252D
        const serial = `ZT-${kind}-${n}`;
        fake.addDevice({
          manufacturer: 'ZTE',
          oui: '00D0D0',
          productClass: 'MU5001',
          serial,
          parameters: zteParameters(d),
          online: d.online,
          lastInform: clock.now().getTime() - (d.online ? 60_000 : 2 * HOUR),
        });
        return serial;
      },
      // the ACS ran the task while the request waited: nothing more to wait for
      settle: async () => {},
      comeBack: async (serial) => fake.inform(serial),
      async refusedChange(serial) {
        fake.faultNext(serial, 'cwmp.9007', 'Invalid parameter value');
        return gateway.changeWifi(serial, { ssid: 'Refused-By-Device' });
      },
      async firmware(_serial, version) {
        const fileName = `MU5001_${version}.bin`;
        fake.addFile({ fileName, fileType: '1 Firmware Upgrade Image', version, productClass: 'MU5001' });
        return { fileName, version, url: '', sizeBytes: 48_000_000 };
      },
      // a name the ACS's file server does not hold: the router's fetch fails (TransferComplete 9010)
      failingFirmware: async () => ({ fileName: 'MU5001_missing.bin', version: 'FW-MISSING', url: '', sizeBytes: 48_000_000 }),
      // the router flashed the image, rebooted, and informs with its TRANSFER COMPLETE
      afterReboot: async (serial) => fake.inform(serial),
      close: async () => {
        await fake.close();
        if (kind === 'sqlite') await db.close();
      },
    };
  });
}
