import { Code } from '@portal/contract/codes';
import type { ChangeCardInfo, ChangeCardRequest } from '@portal/contract';
import { maskMobile, maskPersonName } from '@portal/domain';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { personalData, type PersonalDataSealer } from '../../lib/personalData';
import type { Auth } from '../auth';
import { accessibleCard, assertNotCancelled, cardRecord } from '../cardRecord';
import { replacementProgress } from './progress';
import * as repo from './repo';

async function infoOf(ctx: AppContext, card: Card): Promise<ChangeCardInfo> {
  const a = await repo.latestApplication(ctx.db.kysely, card.id);
  const pd = personalData(ctx.config);
  return {
    need_change_card: card.need_change_card === 1,
    application: a
      ? {
          id: a.id,
          status: a.status,
          // the receiver's name and number are personal data: answered masked, like the ID
          receiver_name: maskPersonName(pd.open(a.receiver_name)),
          receiver_mobile: maskMobile(pd.open(a.receiver_mobile)),
          province: a.province && pd.open(a.province),
          city: a.city && pd.open(a.city),
          district: a.district && pd.open(a.district),
          address: pd.open(a.address),
          reason: a.reason,
          carrier: a.carrier,
          tracking_no: a.tracking_no,
          created_at: a.created_at,
          new_custom_num: a.new_custom_num,
        }
      : null,
    progress: a ? replacementProgress(a) : null,
  };
}

export async function changeCardInfo(ctx: AppContext, auth: Auth, customNum: string): Promise<ChangeCardInfo> {
  return infoOf(ctx, await accessibleCard(ctx, auth, customNum));
}

/** The replacement notice; warns about moving the card to another device. Questions go to the
 *  agent's 客服 (its hotline and hours when configured; the page links to /customer). */
export async function changeCardContent(ctx: AppContext, auth: Auth, customNum: string): Promise<{ title: string; content: string }> {
  const card = await accessibleCard(ctx, auth, customNum);
  const agent = await repo.agentNoticeOf(ctx.db.kysely, card.agent_id);
  const hours = agent?.service_hours ? `（${agent.service_hours}）` : '';
  const hotline = agent?.hotline ? `，或拨打客服热线 ${agent.hotline}${hours}` : '';
  return {
    title: '换卡须知',
    content: [
      '1. 因运营商网络调整，您的卡需要更换为新卡，换卡免费，新卡将邮寄到您填写的地址。',
      '2. 新卡到手并激活后，原卡的剩余套餐与余额将转移到新卡，原卡随即停用。',
      '3. 请勿将物联网卡插入其他设备使用：卡被挪用到其他设备时，运营商可能对其停机。',
      `4. 如有疑问，请点击下方“联系客服”咨询${hotline}。`,
    ].join('\n'),
  };
}

/** One open application per card; submitting one clears the replacement prompt. */
export async function applyChangeCard(ctx: AppContext, auth: Auth, body: ChangeCardRequest): Promise<ChangeCardInfo> {
  const card = await accessibleCard(ctx, auth, body.custom_num);
  assertNotCancelled(card);
  // who receives the new card, and where, is personal data: sealed at rest (lib/personalData)
  const pd = personalData(ctx.config);
  const result = await fileApplication(
    ctx,
    card.id,
    {
      receiver_name: pd.seal(body.receiver_name.trim()),
      receiver_mobile: pd.seal(body.receiver_mobile.trim()),
      province: pd.seal(body.province),
      city: pd.seal(body.city),
      district: pd.seal(body.district),
      address: pd.seal(body.address.trim()),
      reason: body.reason.trim(),
    },
    clock.iso(),
  );
  if (result === 'open') throw new AppError(Code.CHANGE_CARD_OPEN);
  if (result === 'not_needed') throw new AppError(Code.CHANGE_CARD_NOT_NEEDED);
  return infoOf(ctx, { ...card, need_change_card: 0 });
}

/**
 * Files the application and clears the card's replacement prompt in one transaction. The
 * conditional update on need_change_card decides between two submissions racing (two tabs, a
 * double tap): only the one that clears the flag inserts. 'open' when an application is under
 * way, 'not_needed' when the card needs no replacement.
 */
async function fileApplication(ctx: AppContext, cardId: number, a: repo.NewApplication, at: string): Promise<'ok' | 'open' | 'not_needed'> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (await repo.hasOpenApplication(trx, cardId)) return 'open';
    if (!(await cardRecord.clearChangeCardPrompt(trx, cardId))) {
      // lost a race to a submission that has just been filed, or the card needs nothing
      return (await repo.hasOpenApplication(trx, cardId)) ? 'open' : 'not_needed';
    }
    await repo.insertApplication(trx, cardId, a, at);
    return 'ok';
  });
}

/** The shipping address of an application as one line, opened (the console's queue and export):
 *  a municipality is its own city, so 北京市 北京市 reads once; older applications have no district. */
export function replacementAddress(
  pd: Pick<PersonalDataSealer, 'open'>,
  a: { province: string; city: string; district: string; address: string },
): string {
  const province = a.province && pd.open(a.province);
  const city = a.city && pd.open(a.city);
  const district = a.district && pd.open(a.district);
  return [province, city !== province ? city : '', district, pd.open(a.address)].filter(Boolean).join(' ');
}
