// A holder's saved addresses (地址管理; docs/decisions/0046-addresses.md). They belong to a user:
// a card-number login has none (it is told to log in with the account or mobile). Every part is
// personal data, sealed at rest like the replacement address (lib/personalData). An address that
// is not the caller's answers as if it did not exist.
import { Code } from '@portal/contract/codes';
import type { AddressIdBody, AddressListAnswer, AddressSaveRequest, SavedAddress } from '@portal/contract';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { personalData } from '../../lib/personalData';
import type { Auth } from '../auth';
import * as repo from './repo';

/** Enough for home, work and family; a list beyond it is no longer something to pick from. */
export const MAX_ADDRESSES = 20;

function userOf(auth: Auth): number {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能保存地址，请使用手机号或账号登录后管理收货地址');
  return auth.userId;
}

function notFound(): AppError {
  return new AppError(Code.NOT_FOUND, '地址不存在或已删除');
}

function shown(ctx: AppContext, r: repo.AddressRow): SavedAddress {
  const pd = personalData(ctx.config);
  return {
    id: r.id,
    receiver: pd.open(r.receiver),
    mobile: pd.open(r.mobile),
    province: pd.open(r.province),
    city: pd.open(r.city),
    district: pd.open(r.district),
    address: pd.open(r.address),
    is_default: r.is_default === 1,
  };
}

async function listOf(ctx: AppContext, userId: number): Promise<AddressListAnswer> {
  return { list: (await repo.addressesOf(ctx.db.kysely, userId)).map((r) => shown(ctx, r)) };
}

export async function listAddresses(ctx: AppContext, auth: Auth): Promise<AddressListAnswer> {
  return listOf(ctx, userOf(auth));
}

/** Adds an address, or changes one of the caller's; the first one saved becomes the default. */
export async function saveAddress(ctx: AppContext, auth: Auth, body: AddressSaveRequest): Promise<SavedAddress> {
  const userId = userOf(auth);
  const pd = personalData(ctx.config);
  const parts: repo.AddressParts = {
    receiver: pd.seal(body.receiver.trim()),
    mobile: pd.seal(body.mobile.trim()),
    province: pd.seal(body.province),
    city: pd.seal(body.city),
    district: pd.seal(body.district),
    address: pd.seal(body.address.trim()),
  };
  const at = clock.iso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    let id = body.id;
    if (id !== undefined) {
      if (!(await repo.updateAddress(trx, userId, id, parts, at))) throw notFound();
    } else {
      const count = await repo.countOf(trx, userId);
      if (count >= MAX_ADDRESSES) throw new AppError(Code.BAD_REQUEST, `最多保存 ${MAX_ADDRESSES} 个地址，请先删除不用的地址`);
      id = await repo.insertAddress(trx, userId, parts, at);
      if (count === 0) await repo.makeDefault(trx, userId, id, at);
    }
    if (body.is_default) await repo.makeDefault(trx, userId, id, at);
    return id;
  });
  return shown(ctx, (await repo.ownAddress(ctx.db.kysely, userId, id))!);
}

/** Deletes one of the caller's addresses; when it was the default, the newest left becomes it. */
export async function deleteAddress(ctx: AppContext, auth: Auth, body: AddressIdBody): Promise<AddressListAnswer> {
  const userId = userOf(auth);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.ownAddress(trx, userId, body.id);
    if (!row) throw notFound();
    await repo.deleteAddress(trx, userId, body.id);
    if (row.is_default === 1) {
      const next = (await repo.addressesOf(trx, userId))[0];
      if (next) await repo.makeDefault(trx, userId, next.id, clock.iso());
    }
  });
  return listOf(ctx, userId);
}

export async function setDefaultAddress(ctx: AppContext, auth: Auth, body: AddressIdBody): Promise<AddressListAnswer> {
  const userId = userOf(auth);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await repo.ownAddress(trx, userId, body.id))) throw notFound();
    await repo.makeDefault(trx, userId, body.id, clock.iso());
  });
  return listOf(ctx, userId);
}
