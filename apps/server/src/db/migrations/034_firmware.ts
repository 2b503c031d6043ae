import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Firmware through the device gateways (docs/decisions/0040-firmware-through-the-acs.md):
//   firmware_images        the platform's catalogue: per model (GenieACS's product class, or the
//                          simulator's model name), a version, the file's name on the ACS's file
//                          server (or a URL), its size and notes. Withdrawn, never deleted: a
//                          device's upgrade keeps pointing at the image it was sent.
//   acs_commands           + file_name, target_version: a download task is settled by what the
//                          router reports after its TRANSFER COMPLETE, so the row keeps what to look for.
//   sim_devices            + download_fault: the CWMP code the simulated device's next firmware
//                          download fails with ('' = it succeeds), set by its hardware panel and tests.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('firmware_images')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  // one catalogue entry per model and version: "V1.2" means one image
  await db.schema.createIndex('firmware_images_model_version').on('firmware_images').columns(['model', 'version']).unique().execute();
  await db.schema
    .alterTable('acs_commands')
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('acs_commands')
    .addColumn('target_version', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sim_devices')
    .addColumn('download_fault', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
