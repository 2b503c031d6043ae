// admin_request_keys: the one writer (docs/decisions/0008). The keys of console writes made once
// (docs/decisions/0041-console-writes-once.md); requestKeys.ts decides when to take, wait, finish
// or give a key back.
import type { Executor } from '../../../db/executor';

/** Who sent a key, the key, and what it was sent for. */
export interface KeyClaim {
  operatorId: number;
  key: string;
  endpoint: string;
  bodyHash: string;
}

type Owner = Pick<KeyClaim, 'operatorId' | 'key'>;

/** Takes the key for a first request: true when this insert won it (a second one cannot also win). */
export async function takeKey(db: Executor, c: KeyClaim, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('admin_request_keys')
    .values({ operator_id: c.operatorId, key: c.key, endpoint: c.endpoint, body_hash: c.bodyHash, state: 'pending', created_at: at })
    .onConflict((oc) => oc.columns(['operator_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function keyRow(db: Executor, c: Owner) {
  return db
    .selectFrom('admin_request_keys')
    .selectAll()
    .where('operator_id', '=', c.operatorId)
    .where('key', '=', c.key)
    .executeTakeFirst();
}

/** Leaves the first request's answer (sealed) with its key. */
export async function finishKey(db: Executor, c: Owner, status: number, sealedAnswer: string): Promise<void> {
  await db
    .updateTable('admin_request_keys')
    .set({ state: 'done', status_code: status, answer: sealedAnswer })
    .where('operator_id', '=', c.operatorId)
    .where('key', '=', c.key)
    .execute();
}

/** A failed first request gives its key back (only while it is still pending). */
export async function giveKeyBack(db: Executor, c: Owner): Promise<void> {
  await db
    .deleteFrom('admin_request_keys')
    .where('operator_id', '=', c.operatorId)
    .where('key', '=', c.key)
    .where('state', '=', 'pending')
    .execute();
}

/** Deletes a batch of about `limit` keys created before `before`; the number deleted. */
export async function deleteKeysBefore(db: Executor, before: string, limit: number): Promise<number> {
  // no single id: the batch is the oldest keys' creation times, then every key at most that old
  const last = await db
    .selectFrom('admin_request_keys')
    .select('created_at')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  const res = await db
    .deleteFrom('admin_request_keys')
    .where('created_at', '<', before)
    .$if(last !== undefined, (q) => q.where('created_at', '<=', last!.created_at))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
