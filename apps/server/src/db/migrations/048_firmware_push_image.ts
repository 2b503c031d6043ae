import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The fleet's firmware pushes (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md):
//   device_changes.firmware_id  the catalogue image a firmware push installs (its model and version,
//                               what the console's list of pushes shows and filters by); null for
//                               every other change. Pushes made before are told by their audit row
//                               (device_firmware.pushed keeps the change's id and the image's).
// An index on (kind, id): the list reads one kind, newest first, across every device.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('device_changes').addColumn('firmware_id', 'integer').execute();
  await db.schema.createIndex('device_changes_kind_id').on('device_changes').columns(['kind', 'id']).execute();
  await firmwareIdsFromAudit(db);
}

/** Each earlier push's image, from its audit row; a push already told keeps its own. */
export async function firmwareIdsFromAudit(db: Kysely<any>): Promise<void> {
  const audits = await db.selectFrom('audit_log').select('after').where('action', '=', 'device_firmware.pushed').execute();
  for (const a of audits) {
    let after: { change?: unknown; firmware_id?: unknown };
    try {
      after = JSON.parse(a.after);
    } catch {
      continue;
    }
    if (typeof after.change !== 'number' || typeof after.firmware_id !== 'number') continue;
    await db
      .updateTable('device_changes')
      .set({ firmware_id: after.firmware_id })
      .where('id', '=', after.change)
      .where('kind', '=', 'firmware')
      .where('firmware_id', 'is', null)
      .execute();
  }
}
