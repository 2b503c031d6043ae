import { randomBytes } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import type { CardRealNameRequest, PersonalInfo, RealNameData, RealNameStart, RealNameStatus } from '@portal/contract';
import { isValidResidentId, isVerified, maskIdNumber, maskMobile, maskPersonName, realNameModeOf, safeUrl } from '@portal/domain';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { CarrierError } from '../../integrations/carrier/adapter';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { personalData } from '../../lib/personalData';
import type { Auth } from '../auth';
import { accessibleCard, assertNotCancelled, cardRecord } from '../cardRecord';
import { assertOwnUpload } from '../upload';
import * as repo from './repo';
import { needsIdPhotos, realNamePageOf, realNameSupplierOf, safeReturnPath, withDoneFlag } from './rules';

/** A carrier link lives this long; a new one is made on every start. */
const TICKET_TTL_MS = 10 * 60_000;

function masked(info: { name: string; id_number: string; mobile: string }): PersonalInfo {
  return { name: maskPersonName(info.name), id_number: maskIdNumber(info.id_number), mobile: maskMobile(info.mobile) };
}

export async function realNameData(ctx: AppContext, auth: Auth, customNum: string): Promise<RealNameData> {
  const card = await accessibleCard(ctx, auth, customNum);
  const supplier = realNameSupplierOf(card.supplier);
  const info = await repo.personalInfoOf(ctx.db.kysely, personalData(ctx.config), card.id);
  return {
    supplier,
    mobile_real_name_mold: card.mobile_real_name_mold,
    order_has_payment: card.order_has_payment === 1,
    balance_order_has_payment: card.balance_order_has_payment === 1,
    real_name_mode: realNameModeOf(supplier, card.mobile_real_name_mold),
    verified: isVerified(card.fake_real_name === 1, card.supplier_auth_state === 1),
    page: realNamePageOf(supplier),
    need_id: card.need_id === 1,
    personal_info: info ? masked(info) : null,
    need_photos: needsIdPhotos(supplier),
  };
}

/** /collect: the card holder's personal information. Validated here too: the client is not trusted. */
export async function saveCardRealName(ctx: AppContext, auth: Auth, body: CardRealNameRequest) {
  const card = await accessibleCard(ctx, auth, body.custom_num);
  assertNotCancelled(card);
  if (!isValidResidentId(body.id_number, clock.now())) throw new AppError(Code.ID_NUMBER_INVALID);
  const front = body.id_photo_front ?? null;
  const back = body.id_photo_back ?? null;
  if (needsIdPhotos(realNameSupplierOf(card.supplier)) && (!front || !back)) throw new AppError(Code.ID_PHOTOS_REQUIRED);
  // a photo id must be the caller's own upload: ids are unguessable, but never trust that alone
  for (const id of [front, back]) if (id) await assertOwnUpload(ctx, auth, id);
  const info = {
    name: body.name.trim(),
    id_number: body.id_number.trim().toUpperCase(),
    mobile: body.mobile.trim(),
    id_photo_front: front,
    id_photo_back: back,
  };
  const at = clock.iso();
  // the information and the card's need_id (modules/cardRecord) change together
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.savePersonalInfo(trx, personalData(ctx.config), card.id, info, at);
    await cardRecord.clearNeedId(trx, card.id);
  });
  return { personal_info: masked(info), need_id: false };
}

/** A fresh, expiring, single-use carrier link for this attempt. */
export async function startRealName(ctx: AppContext, auth: Auth, customNum: string, returnPath?: string): Promise<RealNameStart> {
  const card = await accessibleCard(ctx, auth, customNum);
  assertNotCancelled(card);
  const supplier = realNameSupplierOf(card.supplier);
  const mode = realNameModeOf(supplier, card.mobile_real_name_mold);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS).toISOString();
  if (supplier === 8 && card.real_name_url) {
    // Bajun hands out its own verification address; configuration is never trusted as a URL
    const url = safeUrl(card.real_name_url);
    if (!url) throw new AppError(Code.REAL_NAME_UNAVAILABLE);
    return { mode: 1, url, expires_at: expiresAt };
  }
  const ticket = randomBytes(24).toString('base64url');
  const back = withDoneFlag(safeReturnPath(returnPath, realNamePageOf(supplier)));
  await repo.createTicket(ctx.db.kysely, {
    ticket,
    card_id: card.id,
    mode,
    return_path: back,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  // platforms take no return URL: our ticket is the way back, and the platform's reference is kept beside it
  const link = await ctx.carrier.realNameLink(card.custom_num, mode, ticket, back).catch((err: unknown) => {
    // a platform without a verification page for this account: say so as the spec's code does
    if (err instanceof CarrierError && err.kind === 'unsupported') throw new AppError(Code.REAL_NAME_UNAVAILABLE);
    throw err;
  });
  if (link.reference) await repo.setTicketReference(ctx.db.kysely, ticket, link.reference);
  return { mode, url: link.url, expires_at: expiresAt };
}

/** Asks the carrier again; a line the carrier now knows as real-named makes the card verified. */
export async function realNameStatus(ctx: AppContext, auth: Auth, customNum: string): Promise<RealNameStatus> {
  const card = await accessibleCard(ctx, auth, customNum);
  try {
    return await refreshVerified(ctx, card);
  } catch (err) {
    // the platform is away or busy: the holder is told the result will follow, not shown an error,
    // and the sync round asks the platform once it answers again (docs/decisions/0030)
    if (!(err instanceof CarrierError) || (err.kind !== 'unavailable' && err.kind !== 'rate')) throw err;
    await cardRecord.wantSync(ctx.db.kysely, card.id, clock.iso());
    return { verified: false, changed: false, unconfirmed: true };
  }
}

/** Ask the carrier whether the card's holder has completed verification (the holder's return, the sync round). */
export async function refreshVerified(ctx: AppContext, card: Card): Promise<RealNameStatus> {
  const already = isVerified(card.fake_real_name === 1, card.supplier_auth_state === 1) && card.auth_state === 1;
  if (already) return { verified: true, changed: false, unconfirmed: false };
  const { realNamed } = await ctx.carrier.realNameStatus(card.custom_num);
  if (!realNamed) return { verified: false, changed: false, unconfirmed: false };
  const changed = await cardRecord.markRealNameVerified(ctx.db.kysely, card.id);
  return { verified: true, changed, unconfirmed: false };
}
