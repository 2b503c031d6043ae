// SQL of saved addresses: owns holder_addresses. Every query names the user, so one holder's
// address is never read or changed through another's session.
import type { Executor } from '../../db/executor';
import type { HolderAddressesTable } from '../../db/schema';

export type AddressRow = HolderAddressesTable & { id: number; is_default: number };
export type AddressParts = Pick<HolderAddressesTable, 'receiver' | 'mobile' | 'province' | 'city' | 'district' | 'address'>;

export function addressesOf(db: Executor, userId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('holder_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute() as Promise<AddressRow[]>;
}

export async function countOf(db: Executor, userId: number): Promise<number> {
  const r = await db
    .selectFrom('holder_addresses')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function ownAddress(db: Executor, userId: number, id: number): Promise<AddressRow | undefined> {
  return db.selectFrom('holder_addresses').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst() as Promise<
    AddressRow | undefined
  >;
}

export async function insertAddress(db: Executor, userId: number, parts: AddressParts, at: string): Promise<number> {
  const r = await db
    .insertInto('holder_addresses')
    .values({ user_id: userId, ...parts, is_default: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** False when the address is not the user's (or is gone). */
export async function updateAddress(db: Executor, userId: number, id: number, parts: AddressParts, at: string): Promise<boolean> {
  const r = await db
    .updateTable('holder_addresses')
    .set({ ...parts, updated_at: at })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteAddress(db: Executor, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('holder_addresses').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Makes the address the user's one default: the old default is cleared first (a partial unique index allows one). */
export async function makeDefault(db: Executor, userId: number, id: number, at: string): Promise<void> {
  await db
    .updateTable('holder_addresses')
    .set({ is_default: 0, updated_at: at })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
  await db
    .updateTable('holder_addresses')
    .set({ is_default: 1, updated_at: at })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}
