// The line's endpoints: the read model itself (card/line), the usage overview (card/flow) and the
// holder's 刷新 (card/flow/sync), each answered from ONE LineView.
import type { FlowAnswer, FlowSyncAnswer, LineAnswer } from '@portal/contract';
import type { LineView } from '@portal/domain/line';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { SIMULATOR_ACCOUNT_ID } from '../../integrations/carrier/kinds';
import type { Auth } from '../auth';
import { accessibleCard, cardRecord } from '../cardRecord';
import { ensureFresh, msSince, syncNow } from '../usage';
import { restoreLine } from './restore';
import { flowAnswer, lineAnswer, lineOf } from './service';

/** A forced sync of one card at most this often (the carrier's own figures move slowly). */
export const FORCED_SYNC_INTERVAL_MS = 30_000;
/** A real platform's card at most once a minute: its calls count against the account's limit (docs/decisions/0030). */
export const FORCED_PLATFORM_SYNC_INTERVAL_MS = 60_000;

/**
 * The line with figures no older than the usage freshness window (a stale card is synced first;
 * a sync also brings the carrier's state, so the row is read again after one).
 */
export async function freshLine(ctx: AppContext, card: Card): Promise<{ card: Card; line: LineView }> {
  const at = await ensureFresh(ctx, card);
  const row = at !== card.flow_synced_at ? ((await cardRecord.cardById(ctx.db.kysely, card.id)) ?? card) : card;
  return { card: row, line: await lineOf(ctx.db.kysely, row, at) };
}

export async function cardLine(ctx: AppContext, auth: Auth, customNum: string): Promise<LineAnswer> {
  const { card, line } = await freshLine(ctx, await accessibleCard(ctx, auth, customNum));
  return lineAnswer(card.custom_num, line);
}

export async function cardFlow(ctx: AppContext, auth: Auth, customNum: string): Promise<FlowAnswer> {
  const { card, line } = await freshLine(ctx, await accessibleCard(ctx, auth, customNum));
  return flowAnswer(card.custom_num, line);
}

export interface ForcedSync {
  answer: FlowSyncAnswer;
  message: string;
}

/**
 * "刷新" on the usage and result pages. A line waiting to be resumed asks the carrier again first
 * (查看进度). The figures are re-read at most once per FORCED_SYNC_INTERVAL_MS per card (the mark is
 * the card's flow_synced_at, shared by every server process); inside that window the current
 * figures are answered without asking the carrier.
 */
export async function forceSync(ctx: AppContext, auth: Auth, customNum: string): Promise<ForcedSync> {
  let card = await accessibleCard(ctx, auth, customNum);
  if (card.resume_requested_at && (await restoreLine(ctx, card.id))) card = (await cardRecord.cardById(ctx.db.kysely, card.id)) ?? card;
  const since = msSince(card.flow_synced_at);
  const interval = card.carrier_account_id === SIMULATOR_ACCOUNT_ID ? FORCED_SYNC_INTERVAL_MS : FORCED_PLATFORM_SYNC_INTERVAL_MS;
  if (since < interval && since >= 0) {
    const wait = Math.max(1, Math.ceil((interval - since) / 1000));
    const flow = flowAnswer(card.custom_num, await lineOf(ctx.db.kysely, card));
    return { answer: { ...flow, refreshed: false, retry_after_seconds: wait }, message: `流量数据刚刚已更新，请${wait}秒后再刷新` };
  }
  const at = await syncNow(ctx, card);
  const row = at ? ((await cardRecord.cardById(ctx.db.kysely, card.id)) ?? card) : card;
  const flow = flowAnswer(card.custom_num, await lineOf(ctx.db.kysely, row, at ?? card.flow_synced_at));
  if (at === null)
    return {
      answer: { ...flow, refreshed: false, retry_after_seconds: 0 },
      message: '运营商数据暂时无法获取，当前显示的是上次同步的数据，请稍后再试',
    };
  return {
    answer: { ...flow, refreshed: true, retry_after_seconds: Math.ceil(interval / 1000) },
    message: '流量数据已更新',
  };
}
