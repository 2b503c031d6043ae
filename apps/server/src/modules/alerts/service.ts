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
  };
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
