// Adding and removing a wifi device (docs/decisions/0028): a device goes with the card inside it.
import type { BindDeviceAnswer } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import { DeviceCode } from '@portal/contract/deviceCodes';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { proveCardPassword, type Auth } from '../auth';
import { cardRecord } from '../cardRecord';
import { cardOwner, claimCard, releaseCard } from '../cards';
import { deviceError, ownedDevice } from './deviceAccess';
import { summaryNow } from './reads';
import * as repo from './repo';

/**
/**
 * Adds a device: its serial TOGETHER WITH the card inside it and that card's password (docs/decisions/0028)
 * — a serial and a card number are printed side by side on the box, so the pair
 * alone proves nothing. An unknown serial, a wrong pair and a wrong password give one answer, under
 * the card-password limits (per card and source, per account, per address).
 */
export async function bindDevice(
  ctx: AppContext,
  auth: Auth,
  req: { serial: string; custom_num: string; password: string },
  ip: string,
): Promise<BindDeviceAnswer> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能添加设备，请使用手机号或账号登录后添加');
  const db = ctx.db.kysely;
  const device = await repo.deviceBySerial(db, req.serial);
  const card = await cardRecord.cardByNum(db, req.custom_num);
  const paired = device && card && card.id === device.card_id ? card : undefined;
  let owner = paired ? await cardOwner(db, paired.id) : null;
  // the caller's own device again: nothing to prove
  if (paired && owner === auth.userId) return { device: await summaryNow(ctx, paired.custom_num, req.serial), already_bound: true };
  await proveCardPassword(
    ctx,
    { userId: auth.userId, ip },
    req.custom_num,
    paired,
    req.password,
    (id, newHash, oldHash) => cardRecord.replacePasswordHash(db, id, oldHash, newHash),
    '设备序列号、卡号或卡密码不正确',
  );
  const held = paired!;
  if (owner === null) owner = await claimCard(db, auth.userId, held.id, clock.iso());
  if (owner !== auth.userId) throw deviceError(DeviceCode.ALREADY_BOUND);
  // claimed: the answer says so even when the device's cloud cannot be reached right now
  return { device: await summaryNow(ctx, held.custom_num, req.serial), already_bound: false };
}

export async function unbindDevice(ctx: AppContext, auth: Auth, customNum: string): Promise<{ custom_num: string; serial: string }> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能解绑设备，请使用手机号或账号登录后操作');
  const o = await ownedDevice(ctx, auth, customNum);
  // the device goes with its card: unbinding releases both, so the next holder can add it
  if (!(await releaseCard(ctx.db.kysely, auth.userId, o.device.card_id))) throw deviceError(DeviceCode.NOT_FOUND);
  return { custom_num: customNum, serial: o.device.serial };
}
