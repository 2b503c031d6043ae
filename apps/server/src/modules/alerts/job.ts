// The alerts job: for every card whose owner turned an alert or auto-renew on, take fresh usage
// from the carrier, ask the rules (@portal/domain alerts) what is due, and act — a notice on home,
// sent on by SMS and/or the messaging app's official account as the holder chose
// (docs/decisions/0038-alerts-in-the-messaging-app.md), once per (card, kind, period) under the
// notices' unique key; an auto-renew order paid from the balance, once per period under the
// order's unique (card, request_id). Runs as a
// scheduled job (src/jobs), so each run happens in one server process only; and even two runs at
// once could neither notify twice nor charge twice.
import { Code } from '@portal/contract/codes';
import { PayChannel } from '@portal/contract/enums';
import { dataAlertDue, expiryAlertDue, fenToYuan, formatKb, renewStep, type AlertChoice, type PackageInForce } from '@portal/domain';
import { formatValidUntil } from '@portal/domain/validity';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { notifyChannels, type NoticeMessage, type NotifyChannel, type Recipient } from '../../integrations/notify';
import { MessagingAppError } from '../../integrations/messaging/wechatMp/client';
import type { JobDef } from '../../jobs';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { cardContactMobile } from '../auth';
import { cardRecord } from '../cardRecord';
import { placeOrder } from '../commerce';
import { lineOf } from '../line';
import { postMessage, type MessageOwner } from '../messages';
import { syncUsage } from '../usage';
import * as repo from './repo';
import { channelsOf, choiceOf, renewablePackage, type AlertChannels } from './service';

export const ALERTS_JOB = 'alerts';
const BATCH = 200;

export interface AlertsSummary {
  cards: number;
  notices: number;
  renewed: number;
  short: number;
}

export function alertsJob(ctx: AppContext, intervalMs: number): JobDef {
  return { name: ALERTS_JOB, intervalMs, run: () => runAlerts(ctx) };
}

export async function runAlerts(ctx: AppContext): Promise<AlertsSummary> {
  const s: AlertsSummary = { cards: 0, notices: 0, renewed: 0, short: 0 };
  let after = 0;
  for (;;) {
    const rows = await repo.activeSettings(ctx.db.kysely, after, BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.card_id;
      try {
        await alertCard(ctx, row, s);
        s.cards++;
      } catch (err) {
        ctx.log.warn({ err, card_id: row.card_id }, 'alerts for a card failed; next run tries again');
      }
    }
    if (rows.length < BATCH) break;
  }
  return s;
}

type SettingRow = Awaited<ReturnType<typeof repo.activeSettings>>[number];

async function alertCard(ctx: AppContext, row: SettingRow, s: AlertsSummary): Promise<void> {
  const k = ctx.db.kysely;
  const card = await cardRecord.cardById(k, row.card_id);
  if (!card) return;
  const c: AlertChoice = choiceOf(row);
  const channels = channelsOf(row);
  const now = clock.now();

  let pkg: PackageInForce | null = null;
  if (c.data_alert || c.auto_renew) {
    // the carrier's latest figures; when it does not answer, the stored ones still decide
    let syncedAt = card.flow_synced_at;
    try {
      syncedAt = await syncUsage(ctx, card);
    } catch (err) {
      ctx.log.warn({ err, custom_num: card.custom_num }, 'carrier usage sync failed; alerts use stored figures');
    }
    // the line's figures, as every page shows them (modules/line); the sync may have changed its state
    const line = await lineOf(k, (await cardRecord.cardById(k, card.id)) ?? card, syncedAt);
    const row = await repo.packageInForce(k, card.id, now.toISOString());
    if (row && line.plan) pkg = { ...row, remaining_kb: line.plan.remaining_kb, total_kb: line.plan.total_kb };
  }
  const planEndsAt = (await repo.lastPackage(k, card.id))?.expired_at ?? null;
  // the message centre keeps it for whoever chose the alert (a card-number login: the card)
  const owner: MessageOwner = row.user_id !== 0 ? { userId: row.user_id, customNum: '' } : { userId: 0, customNum: card.custom_num };
  const send = (kind: string, period: string, n: Omit<repo.NewNotice, 'card_id' | 'kind' | 'period' | 'created_at'>) =>
    deliver(ctx, card, { ...n, card_id: card.id, kind, period, created_at: clock.iso() }, channels, owner).then((sent) => {
      if (sent) s.notices++;
    });

  const low = dataAlertDue(c, pkg);
  if (low && pkg) {
    const limit = c.threshold_unit === 'percent' ? `${c.threshold_value}%` : formatKb(c.threshold_value * 1024);
    await send('data_low', low.period, {
      title: '剩余流量不足',
      body: `「${pkg.name}」剩余${formatKb(pkg.remaining_kb)}，已低于您设置的${limit}，可订购加油包或续订套餐。`,
      action: 'renew',
      order_no: null,
    });
  }

  const soon = expiryAlertDue(c, planEndsAt, now);
  if (soon && planEndsAt) {
    await send('expiry_soon', soon.period, {
      title: '套餐即将到期',
      body: `当前套餐将于${formatValidUntil(planEndsAt)}到期（还剩${soon.days_left}天）${c.auto_renew ? '，到期将从余额自动续订。' : '，到期后将无法上网，请及时续订。'}`,
      action: c.auto_renew ? '' : 'renew',
      order_no: null,
    });
  }

  const step = renewStep(c.auto_renew, planEndsAt, pkg, now);
  if (step.kind === 'none') return;
  // the card's current package as it is now (the owner may have changed plans since turning this on)
  const renewable = await renewablePackage(ctx, card);
  if (!renewable.pkg) {
    await send('renew_failed', step.period, { title: '自动续费未成功', body: renewable.reason, action: 'renew', order_no: null });
    return;
  }
  const target = renewable.pkg;
  const price = fenToYuan(target.price_fen);
  const when = step.reason === 'expiry' ? `将于${formatValidUntil(planEndsAt)}到期` : '流量即将用完';
  if (step.kind === 'notice') {
    const short = card.balance_fen < target.price_fen;
    await send('renew_soon', step.period, {
      title: '即将自动续费',
      body: `当前套餐${when}，届时将从余额扣费${price}元自动续订「${target.name}」。${short ? `当前余额${fenToYuan(card.balance_fen)}元不足，请先充值。` : ''}`,
      action: short ? 'recharge' : '',
      order_no: null,
    });
    return;
  }

  // renew: a balance short of the price is told, with a recharge link, instead of charging
  const shortBody = () =>
    `「${target.name}」需${price}元，当前余额${fenToYuan(card.balance_fen)}元不足，自动续费未成功。充值后将自动续订。`;
  if (card.balance_fen < target.price_fen) {
    s.short++;
    await send('renew_short', step.period, { title: '余额不足，自动续费未成功', body: shortBody(), action: 'recharge', order_no: null });
    return;
  }
  try {
    // the period is the order's request id: the unique (card, request_id) lets ONE order in per period
    const placed = await placeOrder(ctx, card, row.user_id, {
      custom_num: card.custom_num,
      goods_type: 'package',
      package_id: target.id,
      voucher_id: null,
      in_messaging_app: false,
      pay_channel: PayChannel.Balance,
      request_id: `auto-renew:${step.period}`,
    });
    if (placed.order.state === 'fulfilled' || placed.order.state === 'paid') {
      s.renewed++;
      await send('renewed', step.period, {
        title: '已自动续费',
        body: `已从余额扣费${price}元，自动续订「${target.name}」。`,
        action: 'order',
        order_no: placed.order.order_no,
      });
    }
  } catch (err) {
    if (err instanceof AppError && err.code === Code.BALANCE_INSUFFICIENT) {
      s.short++;
      await send('renew_short', step.period, { title: '余额不足，自动续费未成功', body: shortBody(), action: 'recharge', order_no: null });
    } else if (err instanceof AppError) {
      await send('renew_failed', step.period, { title: '自动续费未成功', body: err.message, action: 'renew', order_no: null });
    } else throw err;
  }
}

const ACTION_PATH: Record<string, string | null> = { recharge: '/recharge', renew: '/combo', flow: '/flow', order: '/order', '': null };

/**
 * The notice on home under its once-only key; only its recorder sends it on, to the channels the
 * holder chose (docs/decisions/0038-alerts-in-the-messaging-app.md). The official account first
 * when chosen; SMS when chosen — or, for a holder who chose the official account alone, when that
 * message could not go (not bound, refused, platform failing): they asked to be told. Each
 * (notice, channel) is taken in alert_deliveries before its send, so no process sends it twice.
 */
async function deliver(ctx: AppContext, card: Card, n: repo.NewNotice, choice: AlertChannels, owner: MessageOwner): Promise<boolean> {
  const k = ctx.db.kysely;
  const path = ACTION_PATH[n.action] ?? null;
  // the notice and the holder's message land together: the message centre never misses a notice
  const noticeId = await k.transaction().execute(async (trx) => {
    const id = await repo.recordNotice(trx, n);
    if (id === null) return null;
    await postMessage(trx, owner, {
      kind: 'alert',
      source: `notice:${id}`,
      title: n.title,
      body: n.body,
      custom_num: card.custom_num,
      link: path === '/order' && n.order_no ? `/order?order_no=${n.order_no}` : (path ?? ''),
      created_at: n.created_at,
    });
    return id;
  });
  if (noticeId === null) return false;
  const message: NoticeMessage = {
    noticeId,
    kind: n.kind,
    customNum: card.custom_num,
    title: n.title,
    body: n.body,
    actionPath: path,
    at: n.created_at,
  };
  const channels = notifyChannels(ctx);
  const recipient = await repo.recipientOf(k, card.id);
  // a refusal stands until the holder binds again: never retried alert after alert
  const openid = recipient && recipient.refused_code === null && recipient.appid === ctx.messagingApp?.appid ? recipient.openid : null;
  const to = { mobile: await cardContactMobile(ctx, card), openid };

  let carried = false;
  if (choice.mp && channels.mp && openid) {
    carried = (await sendOn(ctx, channels.mp, to, message, card, false)) === 'sent';
  }
  const fallback = choice.mp && !choice.sms && !carried;
  if (choice.sms || fallback) await sendOn(ctx, channels.sms, to, message, card, fallback);
  return true;
}

async function sendOn(
  ctx: AppContext,
  channel: NotifyChannel,
  to: Recipient,
  m: NoticeMessage,
  card: Card,
  fallback: boolean,
): Promise<'sent' | 'skipped' | 'refused' | 'failed' | 'taken'> {
  const k = ctx.db.kysely;
  if (!(await repo.claimDelivery(k, m.noticeId, card.id, channel.name, fallback, clock.iso()))) return 'taken';
  try {
    const out = await channel.send(to, m);
    if (typeof out === 'object') {
      await repo.finishDelivery(k, m.noticeId, channel.name, 'refused', out.refused);
      if (to.openid) await repo.markRecipientRefused(k, card.id, to.openid, out.refused, clock.iso());
      return 'refused';
    }
    await repo.finishDelivery(k, m.noticeId, channel.name, out, null);
    return out;
  } catch (err) {
    // the notice on home stands; a provider failure is not retried (never twice)
    ctx.log.warn({ err, channel: channel.name, kind: m.kind, card_id: card.id }, 'alert channel failed');
    await repo.finishDelivery(k, m.noticeId, channel.name, 'failed', err instanceof MessagingAppError ? err.errcode : null);
    return 'failed';
  }
}
