// SQL of the upload module: owns uploads.
import type { Executor } from '../../db/executor';
import type { UploadOwner } from './rules';

export async function insertUpload(
  db: Executor,
  /** content as stored (sealed); size of the image itself */
  u: { id: string; owner: UploadOwner; mime: string; content: Buffer; size: number; created_at: string },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      id: u.id,
      owner_user_id: u.owner.userId,
      owner_custom_num: u.owner.customNum,
      mime: u.mime,
      size: u.size,
      content: u.content,
      created_at: u.created_at,
    })
    .execute();
}

export function uploadOf(db: Executor, id: string) {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ownership columns only: checking a photo id must not read megabytes. */
export function uploadOwnerOf(db: Executor, id: string) {
  return db.selectFrom('uploads').select(['id', 'owner_user_id', 'owner_custom_num']).where('id', '=', id).executeTakeFirst();
}
