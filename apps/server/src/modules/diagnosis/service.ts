// Smart diagnosis and the card test. The service gathers the facts — the carrier's line status
// (state, stop reason, real-name), the stored usage and package, the balance, the device and its
// radio for a device card, the last carrier sync — and @portal/domain/diagnosis judges them. A
// visitor (anyone with the number) gets the verdicts without personal data; the card's owner gets
// everything and the card's recent history. Every diagnosis is kept (repo.ts) in the owner's view.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@portal/contract';
import type { CardDiagnosis, DiagnosisCheck, LineTestAnswer } from '@portal/contract';
import { diagnose, judgeLineTest, type Audience, type DeviceFacts, type Diagnosis, type DiagnosisFacts } from '@portal/domain/diagnosis';
import { networkName } from '@portal/domain/network';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hit } from '../../lib/throttle';
import { requireAuth, type Auth } from '../auth';
import { accessibleCard, cardRecord } from '../cardRecord';
import { deviceByCard } from '../devices';
import { lineOf } from '../line';
import { ensureFresh, syncUsage } from '../usage';
import * as repo from './repo';

/** Lookups by people who do not own the card, per client address: a holder tries a few numbers,
 *  a script trying thousands is stopped after these. */
export const VISITOR_RULE = { limit: 20, windowMs: 10 * 60_000 };
/** "刷新" asks the carrier again at most this often per card, whoever asks. */
export const REFRESH_RULE = { limit: 1, windowMs: 60_000 };
/**
 * The refresh the pages ask for right after an order of the card is paid, in its own slot: sharing
 * 刷新's made the holder's 刷新数据 just after paying say "please wait". A few per card in ten
 * minutes (a holder may pay twice), so that it is no way round REFRESH_RULE.
 */
export const AFTER_PAYMENT_REFRESH_RULE = { limit: 3, windowMs: 10 * 60_000 };

/** Why the carrier is asked again now: not at all, 刷新数据, or a payment just made. */
export type RefreshAsked = 'no' | 'asked' | 'paid';
export const refreshOf = (q: '0' | '1' | 'paid' | undefined): RefreshAsked => (q === '1' ? 'asked' : q === 'paid' ? 'paid' : 'no');

const REFRESH_SLOTS = {
  asked: { key: 'diagnosis-refresh', rule: REFRESH_RULE },
  paid: { key: 'after-payment-refresh', rule: AFTER_PAYMENT_REFRESH_RULE },
} as const;
/** Earlier diagnoses shown to the owner. */
const HISTORY_SHOWN = 5;

/**
 * The diagnosis is open to visitors, but a valid token makes its holder known (an owner sees
 * more). A missing, expired or revoked token is simply a visitor: the page must work logged out.
 */
export async function optionalAuth(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  req.auth = null;
  if (!req.headers.authorization) return;
  try {
    await requireAuth(ctx)(req, reply);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    req.auth = null;
  }
}

const maskIccid = (iccid: string) => (iccid.length > 10 ? `${iccid.slice(0, 6)}${'*'.repeat(iccid.length - 10)}${iccid.slice(-4)}` : iccid);

async function isOwner(ctx: AppContext, auth: Auth | null, card: Card): Promise<boolean> {
  if (!auth) return false;
  try {
    await accessibleCard(ctx, auth, card.custom_num);
    return true;
  } catch {
    return false;
  }
}

/**
 * The carrier's view of the line now — its status and, by its line test, the APN — stored as the
 * card's facts (the carrier is the source of truth), so that the read model every page uses
 * (modules/line) says what the diagnosis says. False when the carrier could not be asked.
 */
async function askCarrier(ctx: AppContext, card: Card): Promise<boolean> {
  try {
    const [line, test] = await Promise.all([ctx.carrier.lineStatus(card.custom_num), ctx.carrier.lineTest(card.custom_num)]);
    await cardRecord.setCarrierState(ctx.db.kysely, card.id, line.status, line.stopReason);
    await cardRecord.setApn(ctx.db.kysely, card.id, test.apn, test.expectedApn);
    return true;
  } catch (err) {
    ctx.log.warn({ err, custom_num: card.custom_num }, 'carrier line status failed; diagnosing from stored state');
    return false;
  }
}

/** A device card's device and radio; null when the device cloud cannot be asked. */
async function deviceFacts(ctx: AppContext, serial: string): Promise<DeviceFacts | null> {
  if (!ctx.devices) return null;
  try {
    const [status, sims] = await Promise.all([ctx.devices.status(serial), ctx.devices.sims(serial)]);
    if (!status) return null;
    const active =
      status.online && status.signal && status.carrier !== null
        ? { carrier: status.carrier, rsrp: status.signal.rsrp, sinr: status.signal.sinr }
        : null;
    const others = status.online
      ? sims
          .filter((s) => !s.active && s.activated && s.signal)
          .map((s) => ({ carrier: s.carrier, rsrp: s.signal!.rsrp, sinr: s.signal!.sinr }))
      : [];
    return { online: status.online, attached: active !== null, active, others };
  } catch (err) {
    ctx.log.warn({ err, serial }, 'device status failed; device checks cannot be judged');
    return null;
  }
}

interface Refresh {
  refreshed: boolean;
  retryAfterSeconds: number;
  message: string;
}

/** A forced carrier sync, at most once per REFRESH_RULE window per card (shared by every process). */
async function refreshUsage(ctx: AppContext, card: Card, why: 'asked' | 'paid'): Promise<{ syncedAt: string } & Refresh> {
  const slot = REFRESH_SLOTS[why];
  const r = await hit(ctx.db.kysely, `${slot.key}:${card.id}`, slot.rule);
  if (!r.allowed) {
    const wait = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
    return { syncedAt: card.flow_synced_at, refreshed: false, retryAfterSeconds: wait, message: `数据刚刚已更新，请${wait}秒后再刷新` };
  }
  try {
    const at = await syncUsage(ctx, card);
    // 刷新数据 may be tapped again when its own slot frees; a payment's refresh leaves that slot alone
    const wait = why === 'asked' ? REFRESH_RULE.windowMs / 1000 : 0;
    return { syncedAt: at, refreshed: true, retryAfterSeconds: wait, message: '已从运营商更新数据' };
  } catch (err) {
    ctx.log.warn({ err, custom_num: card.custom_num }, 'carrier usage sync failed on refresh');
    return {
      syncedAt: card.flow_synced_at,
      refreshed: false,
      retryAfterSeconds: 0,
      message: '运营商数据暂时无法获取，显示的是上次同步的数据',
    };
  }
}

const checksOf = (d: Diagnosis): DiagnosisCheck[] => d.checks.map((c) => ({ ...c, fix: c.fix ? { ...c.fix } : null }));

export async function diagnoseCard(
  ctx: AppContext,
  auth: Auth | null,
  ip: string,
  customNum: string,
  refresh: RefreshAsked,
): Promise<{ answer: CardDiagnosis; message: string }> {
  const found = await cardRecord.cardByNum(ctx.db.kysely, customNum);
  const owner = found ? await isOwner(ctx, auth, found) : false;
  if (!owner) {
    // counted before the number is known to exist: unknown numbers cost as much as real ones
    const r = await hit(ctx.db.kysely, `diagnosis:${ip}`, VISITOR_RULE);
    if (!r.allowed) throw new AppError(Code.RATE_LIMITED, `查询过于频繁，请${Math.max(1, Math.ceil(r.retryAfterMs / 60_000))}分钟后再试`);
  }
  if (!found) throw new AppError(Code.CARD_NOT_FOUND, '未找到该卡号，请核对后重新输入');
  const card = found;
  const who: Audience = owner ? 'owner' : 'visitor';

  const sync =
    refresh !== 'no'
      ? await refreshUsage(ctx, card, refresh)
      : { syncedAt: await ensureFresh(ctx, card), refreshed: false, retryAfterSeconds: 0, message: 'ok' };
  const [reachable, device] = await Promise.all([askCarrier(ctx, card), deviceByCard(ctx.db.kysely, card.id)]);
  // the line as every page now shows it: the row again, after the sync and the carrier's answers
  const line = await lineOf(ctx.db.kysely, (await cardRecord.cardById(ctx.db.kysely, card.id)) ?? card, sync.syncedAt);
  const now = clock.now();
  const facts: DiagnosisFacts = {
    now,
    line,
    carrierReachable: reachable,
    isDeviceCard: device !== undefined,
    device: device ? await deviceFacts(ctx, device.serial) : null,
  };
  const shown = diagnose(facts, who);
  const full = who === 'owner' ? shown : diagnose(facts, 'owner');

  const history = owner ? await repo.recentDiagnoses(ctx.db.kysely, card.id, HISTORY_SHOWN) : [];
  await repo.insertDiagnosis(ctx.db.kysely, {
    card_id: card.id,
    kind: 'card_check',
    asked_by: who,
    overall: full.overall,
    headline: full.headline,
    checks: JSON.stringify(full.checks),
    created_at: now.toISOString(),
  });

  const reason = line.stop_reason;
  return {
    answer: {
      custom_num: card.custom_num,
      view: who,
      masked_iccid: maskIccid(card.iccid),
      network: networkName(card),
      state: line.state,
      state_label: line.state_label,
      stop_reason: reason ? { ...reason, fix: { ...reason.fix } } : null,
      is_device: facts.isDeviceCard,
      overall: shown.overall,
      headline: shown.headline,
      checks: checksOf(shown),
      synced_at: sync.syncedAt,
      refreshed: sync.refreshed,
      retry_after_seconds: sync.retryAfterSeconds,
      diagnosed_at: now.toISOString(),
      history: history.map((h) => ({
        at: h.created_at,
        kind: h.kind === 'line_test' ? 'line_test' : 'card_check',
        overall: h.overall === 'ok' || h.overall === 'problem' ? h.overall : 'unknown',
        headline: h.headline,
      })),
    },
    message: sync.message,
  };
}

/** The card test (/check): the carrier tests the line end to end; the owner only. */
export async function lineTest(ctx: AppContext, auth: Auth, customNum: string): Promise<LineTestAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  const now = clock.now();
  let result: Diagnosis;
  try {
    const [test, status] = await Promise.all([ctx.carrier.lineTest(card.custom_num), ctx.carrier.lineStatus(card.custom_num)]);
    await cardRecord.setCarrierState(ctx.db.kysely, card.id, status.status, status.stopReason);
    await cardRecord.setApn(ctx.db.kysely, card.id, test.apn, test.expectedApn);
    // the test's verdict is explained by the line as every page shows it (modules/line)
    const line = await lineOf(ctx.db.kysely, (await cardRecord.cardById(ctx.db.kysely, card.id)) ?? card);
    result = judgeLineTest({ ...test, line });
  } catch (err) {
    ctx.log.warn({ err, custom_num: card.custom_num }, 'carrier line test failed');
    result = {
      overall: 'unknown',
      headline: '暂时无法连接运营商完成测试，请稍后再试',
      checks: [{ key: 'card_state', title: '网络注册', status: 'unknown', verdict: '暂时无法连接运营商完成测试，请稍后再试', fix: null }],
    };
  }
  await repo.insertDiagnosis(ctx.db.kysely, {
    card_id: card.id,
    kind: 'line_test',
    asked_by: 'owner',
    overall: result.overall,
    headline: result.headline,
    checks: JSON.stringify(result.checks),
    created_at: now.toISOString(),
  });
  return {
    custom_num: card.custom_num,
    overall: result.overall,
    headline: result.headline,
    checks: checksOf(result),
    tested_at: now.toISOString(),
  };
}
