import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Wifi devices (docs/decisions/0012-device-simulator.md).
// The portal's own tables:
//   devices         which device (serial) holds which card; whoever owns the card owns the device;
//   device_changes  every change an owner asked for: who, what, when, and its result, mirrored
//                   from the device cloud's command (command_id).
// The device simulator's tables (what a vendor's device cloud would hold):
//   sim_devices          each device's state as it last reported it, its wifi, and its check-in
//                        schedule (next_checkin_at; offline_until while rebooting);
//   sim_device_sims      the SIMs in each device, their signal and their package;
//   sim_device_clients   the phones and laptops on its wifi (blocked ones stay listed);
//   sim_device_commands  the queue a device works through at its next check-in.
function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('devices'), dialect)
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('card_id', 'integer', (c) => c.notNull().unique().references('cards.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(s.createTable('device_changes'), dialect)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id'))
    /** the user who asked; 0 for a card-number login */
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** who, in words: the account, a masked mobile, or the card of a card-number login */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** what was asked, in words; never a password */
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('command_id', 'text', (c) => c.notNull())
    /** pending | applied | failed | cancelled */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await s.createIndex('device_changes_device').on('device_changes').columns(['device_id', 'id']).execute();

  await s
    .createTable('sim_devices')
    .addColumn('serial', 'text', (c) => c.primaryKey())
    .addColumn('imei', 'text', (c) => c.notNull())
    /** card_mold (docs/spec/portal-spec.md §3) */
    .addColumn('model', 'integer', (c) => c.notNull())
    .addColumn('model_name', 'text', (c) => c.notNull())
    .addColumn('firmware', 'text', (c) => c.notNull())
    .addColumn('portable', 'integer', (c) => c.notNull())
    .addColumn('supports_5g', 'integer', (c) => c.notNull())
    /** percent; null without a battery */
    .addColumn('battery', 'integer')
    .addColumn('online', 'integer', (c) => c.notNull())
    .addColumn('online_changed_at', 'text', (c) => c.notNull())
    /** rebooting: back online at this time */
    .addColumn('offline_until', 'text')
    .addColumn('boot_at', 'text', (c) => c.notNull())
    .addColumn('next_checkin_at', 'text', (c) => c.notNull())
    .addColumn('active_iccid', 'text', (c) => c.notNull())
    .addColumn('network_mode', 'text', (c) => c.notNull())
    .addColumn('ssid', 'text', (c) => c.notNull())
    .addColumn('wifi_password', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('security', 'text', (c) => c.notNull())
    .addColumn('band', 'text', (c) => c.notNull())
    .addColumn('max_clients', 'integer', (c) => c.notNull())
    /** what a factory reset restores (printed on the device's label) */
    .addColumn('factory_ssid', 'text', (c) => c.notNull())
    .addColumn('factory_password', 'text', (c) => c.notNull())
    .execute();

  await withId(s.createTable('sim_device_sims'), dialect)
    .addColumn('serial', 'text', (c) => c.notNull().references('sim_devices.serial'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('iccid', 'text', (c) => c.notNull().unique())
    .addColumn('carrier', 'integer', (c) => c.notNull())
    .addColumn('activated', 'integer', (c) => c.notNull())
    /** dBm; null = no signal at all */
    .addColumn('rsrp', 'integer')
    .addColumn('sinr', 'integer', (c) => c.notNull())
    .addColumn('rsrq', 'integer', (c) => c.notNull())
    /** 4G band (e.g. B3) and 5G band (e.g. n78, "" = no 5G here) */
    .addColumn('band_4g', 'text', (c) => c.notNull())
    .addColumn('band_5g', 'text', (c) => c.notNull())
    .addColumn('remaining_kb', 'integer', (c) => c.notNull())
    .addColumn('total_kb', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('sim_device_sims_serial').on('sim_device_sims').column('serial').execute();

  await withId(s.createTable('sim_device_clients'), dialect)
    .addColumn('serial', 'text', (c) => c.notNull().references('sim_devices.serial'))
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('band', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .addColumn('blocked', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('sim_device_clients_mac').on('sim_device_clients').columns(['serial', 'mac']).unique().execute();

  await withId(s.createTable('sim_device_commands'), dialect)
    .addColumn('serial', 'text', (c) => c.notNull().references('sim_devices.serial'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON arguments; a wifi password is removed once the command is settled */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending | applied | failed | cancelled */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await s.createIndex('sim_device_commands_queue').on('sim_device_commands').columns(['serial', 'state', 'id']).execute();
}
