// A card's alert and auto-renew settings, and the notices on home. The owner (whoever may act on
// the card: accessibleCard) chooses; the alerts job (./job.ts) acts on the choice.
import { Code } from '@portal/contract/codes';
import type { AlertSetting, AlertSettingRequest, CardNoticesAnswer, NoticeAction } from '@portal/contract';
import { ALERT_DEFAULTS, alertChoiceProblem, fenToYuan, type AlertChoice } from '@portal/domain';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { cardContactMobile, type Auth } from '../auth';
import { accessibleCard } from '../cardRecord';
import { packagesForCard, purchasablePackage } from '../commerce';
import * as repo from './repo';

type SettingRow = NonNullable<Awaited<ReturnType<typeof repo.settingOf>>>;

/** The holder's channels besides home (032): SMS unless turned off, the official account once chosen. */
export interface AlertChannels {
  sms: boolean;
  mp: boolean;
}

export function channelsOf(row: SettingRow | undefined): AlertChannels {
  if (!row) return { sms: true, mp: false };
  return { sms: row.channel_sms === 1, mp: row.channel_mp === 1 };
}

export function choiceOf(row: SettingRow | undefined): AlertChoice {
  if (!row) return ALERT_DEFAULTS;
  return {
    data_alert: row.data_alert === 1,
    threshold_unit: row.threshold_unit === 'mb' ? 'mb' : 'percent',
    threshold_value: row.threshold_value,
    expiry_alert: row.expiry_alert === 1,
    expiry_days: row.expiry_days,
    auto_renew: row.auto_renew === 1,
  };
}

/**
 * What auto-renew buys: the card's current package (the one in force, else the last one) as the
 * catalogue sells it — the package its order bought, else the package of that name on sale to the
 * card. Null with the reason when there is none to buy again.
 */
export async function renewablePackage(ctx: AppContext, card: Card) {
  const k = ctx.db.kysely;
  const current = (await repo.packageInForce(k, card.id, clock.iso())) ?? (await repo.lastPackage(k, card.id));
  if (!current) return { pkg: null, reason: '该卡还没有套餐，订购套餐后才能开启自动续费' };
  const byOrder = current.order_no ? await repo.packageIdOfOrder(k, current.order_no) : null;
  if (byOrder !== null) {
    try {
      return { pkg: await purchasablePackage(ctx, card, byOrder), reason: '' };
    } catch {
      // no longer on sale: fall through to the package of the same name
    }
  }
  const onSale = await packagesForCard(ctx, card);
  const same = onSale.find((p) => p.name === current.name && p.on_sale === 1);
  if (!same) return { pkg: null, reason: `当前套餐「${current.name}」已停售，无法自动续费，请选择其他套餐` };
  return { pkg: same, reason: '' };
}

async function answerOf(ctx: AppContext, card: Card, row: SettingRow | undefined): Promise<AlertSetting> {
  const c = choiceOf(row);
  const renew = await renewablePackage(ctx, card);
  const last = await repo.lastPackage(ctx.db.kysely, card.id);
  return {
    custom_num: card.custom_num,
    ...c,
    renew_package: renew.pkg ? { id: renew.pkg.id, name: renew.pkg.name, price: fenToYuan(renew.pkg.price_fen) } : null,
    renew_unavailable: renew.reason,
    balance: fenToYuan(card.balance_fen),
    plan_ends_at: last?.expired_at ?? null,
    sms: !!(await cardContactMobile(ctx, card)),
    channel_sms: channelsOf(row).sms,
    channel_mp: channelsOf(row).mp,
    wechat_mp: await wechatMpState(ctx, card),
  };
}

const REFUSED_WORDS: Record<number, string> = {
  43004: '您尚未关注公众号，提醒未能送达。请先关注公众号，再重新绑定。',
  43101: '您在微信中拒收了公众号的提醒消息。如需接收，请在公众号设置中重新打开“接收消息”，再重新绑定。',
};

/** Whether the official account's channel is offered, bound for this card, and refused. */
async function wechatMpState(ctx: AppContext, card: Card) {
  const client = ctx.messagingApp;
  if (!client) return { offered: false, bound: false, refused: '' };
  const r = await repo.recipientOf(ctx.db.kysely, card.id);
  const bound = !!r && r.appid === client.appid;
  const refused = bound && r.refused_code !== null ? (REFUSED_WORDS[r.refused_code] ?? '公众号提醒未能送达，请重新绑定。') : '';
  return { offered: true, bound, refused };
}

export async function alertSetting(ctx: AppContext, auth: Auth, customNum: string): Promise<AlertSetting> {
  const card = await accessibleCard(ctx, auth, customNum);
  return answerOf(ctx, card, await repo.settingOf(ctx.db.kysely, card.id));
}

/** Save the owner's choice. Bad input: a Chinese message, 400, nothing written. */
export async function saveAlertSetting(ctx: AppContext, auth: Auth, body: AlertSettingRequest): Promise<AlertSetting> {
  const card = await accessibleCard(ctx, auth, body.custom_num);
  const choice: AlertChoice = {
    data_alert: body.data_alert,
    threshold_unit: body.threshold_unit,
    threshold_value: body.threshold_value,
    expiry_alert: body.expiry_alert,
    expiry_days: body.expiry_days,
    auto_renew: body.auto_renew,
  };
  const problem = alertChoiceProblem(choice);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  const before = await repo.settingOf(ctx.db.kysely, card.id);
  const channels: AlertChannels = {
    sms: body.channel_sms ?? channelsOf(before).sms,
    mp: body.channel_mp ?? channelsOf(before).mp,
  };
  // a channel that cannot carry anything is not chosen: the page says how to make it work instead
  if (body.channel_mp === true) {
    const mp = await wechatMpState(ctx, card);
    if (!mp.offered) throw new AppError(Code.BAD_REQUEST, '暂不支持微信公众号提醒');
    if (!mp.bound) throw new AppError(Code.BAD_REQUEST, '请先在微信中打开本页面，绑定公众号提醒');
    if (mp.refused) throw new AppError(Code.BAD_REQUEST, mp.refused);
  }
  if (body.channel_sms === true && !(await cardContactMobile(ctx, card)))
    throw new AppError(Code.BAD_REQUEST, '该卡没有可接收短信的手机号，无法开启短信提醒');
  let renewPackageId: number | null = null;
  if (choice.auto_renew) {
    const renew = await renewablePackage(ctx, card);
    if (!renew.pkg) throw new AppError(Code.BAD_REQUEST, renew.reason);
    renewPackageId = renew.pkg.id;
  }
  const row = {
    card_id: card.id,
    user_id: auth.userId,
    data_alert: choice.data_alert ? 1 : 0,
    threshold_unit: choice.threshold_unit,
    threshold_value: choice.threshold_value,
    expiry_alert: choice.expiry_alert ? 1 : 0,
    expiry_days: choice.expiry_days,
    auto_renew: choice.auto_renew ? 1 : 0,
    renew_package_id: renewPackageId,
    channel_sms: channels.sms ? 1 : 0,
    channel_mp: channels.mp ? 1 : 0,
    updated_at: clock.iso(),
  };
  await repo.saveSetting(ctx.db.kysely, row);
  return answerOf(ctx, card, row);
}

const ACTIONS: readonly string[] = ['recharge', 'renew', 'flow', 'order', ''];

export async function cardNotices(ctx: AppContext, auth: Auth, customNum: string): Promise<CardNoticesAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  const rows = await repo.openNotices(ctx.db.kysely, card.id);
  return { list: rows.map((r) => ({ ...r, action: (ACTIONS.includes(r.action) ? r.action : '') as NoticeAction })) };
}

export async function dismissCardNotice(ctx: AppContext, auth: Auth, customNum: string, id: number): Promise<null> {
  const card = await accessibleCard(ctx, auth, customNum);
  const notice = await repo.noticeOf(ctx.db.kysely, card.id, id);
  if (!notice) throw new AppError(Code.NOT_FOUND, '提醒不存在');
  await repo.dismissNotice(ctx.db.kysely, card.id, id, clock.iso());
  return null;
}

// ---- binding the holder's openid (docs/decisions/0038-alerts-in-the-messaging-app.md) ----

export const WECHAT_MP_BOUND_PATH = '/api/v1/alerts/wechat_mp/bound';
/** the login's state lives this long: enough to tap through the messaging app's page */
const BIND_STATE_TTL_S = 10 * 60;

/**
 * The messaging app's silent login for this card: the holder, inside the app, is sent there and
 * comes back to WECHAT_MP_BOUND_PATH with a code. The state names the card and an expiry, sealed by
 * the client with a key derived from the AppSecret (letters and digits only: the platform passes
 * at most 128 of them back), so nobody can bind another card.
 */
export async function wechatMpBindUrl(ctx: AppContext, auth: Auth, customNum: string): Promise<{ url: string }> {
  const card = await accessibleCard(ctx, auth, customNum);
  const client = ctx.messagingApp;
  const publicUrl = ctx.config.wechatMp?.publicUrl;
  if (!client || !publicUrl) throw new AppError(Code.BAD_REQUEST, '暂不支持微信公众号提醒');
  const payload = `c${card.id}e${Math.floor(clock.now().getTime() / 1000) + BIND_STATE_TTL_S}`;
  return { url: client.oauthUrl(`${publicUrl}${WECHAT_MP_BOUND_PATH}`, `${payload}s${client.seal(payload)}`) };
}

/** The login came back: the card of a sound state gets the openid the code stands for. */
export async function wechatMpBound(ctx: AppContext, code: string | undefined, state: string): Promise<'bound' | 'failed'> {
  const client = ctx.messagingApp;
  if (!client) return 'failed';
  const m = /^c(\d{1,12})e(\d{1,12})s([0-9a-f]{32})$/.exec(state);
  if (!m || !client.sealMatches(`c${m[1]}e${m[2]}`, m[3]!)) return 'failed';
  if (Number(m[2]) * 1000 < clock.now().getTime()) return 'failed';
  // no code: the holder declined the login (snsapi_base never asks, but a tampered link may lack it)
  if (!code) return 'failed';
  try {
    const openid = await client.openidFor(code);
    await repo.bindRecipient(ctx.db.kysely, Number(m[1]), client.appid, openid, clock.iso());
    return 'bound';
  } catch (err) {
    ctx.log.warn({ error: (err as Error).message }, 'messaging app login failed');
    return 'failed';
  }
}
