// SQL of the firmware catalogue: the ONE writer of firmware_images (docs/decisions/0040-firmware-through-the-acs.md).
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { FirmwareImagesTable } from '../../db/schema';

export type FirmwareRow = Selectable<FirmwareImagesTable>;

export async function listFirmware(db: Executor, model?: string): Promise<FirmwareRow[]> {
  let q = db.selectFrom('firmware_images').selectAll();
  if (model) q = q.where('model', '=', model);
  return q.orderBy('model').orderBy('id', 'desc').execute();
}

export async function firmwareById(db: Executor, id: number): Promise<FirmwareRow | undefined> {
  return db.selectFrom('firmware_images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function firmwareByVersion(db: Executor, model: string, version: string): Promise<FirmwareRow | undefined> {
  return db.selectFrom('firmware_images').selectAll().where('model', '=', model).where('version', '=', version).executeTakeFirst();
}

export async function insertFirmware(db: Executor, row: Omit<FirmwareRow, 'id' | 'withdrawn_at'>): Promise<FirmwareRow> {
  return db
    .insertInto('firmware_images')
    .values({ ...row, withdrawn_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Withdraw an image; conditional, so withdrawing twice writes once. */
export async function withdrawFirmware(db: Executor, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('firmware_images')
    .set({ withdrawn_at: at })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
