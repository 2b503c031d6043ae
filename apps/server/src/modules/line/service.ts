// The one read model of a line, served: the facts stored about a card (its row as the carrier last
// reported it, its packages, its daily usage, the APN the carrier last tested) go through
// @portal/domain/line, and every page and job that shows a card's state, figures or fix asks here
// (docs/decisions/0029-one-read-model-of-a-line.md). Events that change the line write facts and
// then ask the carrier to act (restore.ts); nothing keeps a copy of the verdicts.
import type { FlowAnswer, LineAnswer, PackageUsage } from '@portal/contract';
import { chinaDate, chinaMonthStart, fenToYuan } from '@portal/domain';
import { issuerCarrierOf } from '@portal/domain/network';
import { lineView, planInForce, queuedPlans, type LineFacts, type LinePackageRow, type LineView } from '@portal/domain/line';
import type { Executor } from '../../db/executor';
import type { Card } from '../../db/schema';
import { clock } from '../../lib/clock';
import { carrierKind, SIMULATOR_ACCOUNT_ID } from '../../integrations/carrier/kinds';
import { chinaDayOf, dailyUsageOf, lastChinaDayBefore, usageSums } from '../usage';
import * as repo from './repo';

/** The card columns the read model reads. */
export type LineCard = Pick<
  Card,
  | 'id'
  | 'custom_num'
  | 'state'
  | 'stop_reason'
  | 'supplier_auth_state'
  | 'fake_real_name'
  | 'need_change_card'
  | 'balance_fen'
  | 'flow_synced_at'
  | 'resume_requested_at'
  | 'apn'
  | 'apn_expected'
  | 'iccid'
  | 'carrier_account_id'
>;

/** The stored facts of a line at `now`, read in the caller's transaction when it passes one. */
export async function lineFacts(db: Executor, card: LineCard, now: Date, syncedAt = card.flow_synced_at): Promise<LineFacts> {
  const rows = await repo.alivePackages(db, card.id, now.toISOString());
  const w = windowsOf(rows, now);
  const sums = await usageSums(db, card.id, w);
  const carriers = await accountCarriers(db, [card]);
  return factsOf(card, rows, sums, now, syncedAt, carriers.get(card.carrier_account_id) ?? null);
}

/**
 * The carrier of each card's platform account, for the cards that could sit on the wrong one: the
 * simulator (most cards) and an ICCID whose issuer does not tell cost no query.
 */
async function accountCarriers(db: Executor, cards: readonly LineCard[]): Promise<Map<number, number | null>> {
  const ids = [
    ...new Set(
      cards
        .filter((c) => c.carrier_account_id !== SIMULATOR_ACCOUNT_ID && issuerCarrierOf(c.iccid) !== null)
        .map((c) => c.carrier_account_id),
    ),
  ];
  const kinds = await repo.accountKinds(db, ids);
  return new Map(ids.map((id) => [id, carrierKind(kinds.get(id) ?? '')?.network ?? null]));
}

/** The days whose usage the facts add up: today, this month, and the plan in force's days so far. */
function windowsOf(rows: LinePackageRow[], now: Date) {
  const plan = planInForce(rows, now);
  const today = chinaDate(now);
  let pkgFrom: string | null = null;
  let pkgTo: string | null = null;
  if (plan) {
    pkgFrom = chinaDayOf(plan.started_at);
    const last = lastChinaDayBefore(plan.expired_at);
    pkgTo = last && last < today ? last : today;
  }
  return { today, monthFrom: chinaDate(chinaMonthStart(now)), pkgFrom, pkgTo };
}

function factsOf(
  card: LineCard,
  rows: LinePackageRow[],
  sums: { today: number; month: number; pkg: number },
  now: Date,
  syncedAt: LineFacts['syncedAt'],
  accountCarrier: number | null,
): LineFacts {
  return {
    now,
    state: card.state,
    stopReason: card.stop_reason,
    realNamed: card.supplier_auth_state === 1 && card.fake_real_name === 0,
    needChangeCard: card.need_change_card === 1,
    balanceFen: card.balance_fen,
    plan: planInForce(rows, now),
    queued: queuedPlans(rows, now),
    usage: { todayKb: sums.today, monthKb: sums.month, planKb: sums.pkg },
    syncedAt,
    resumeRequestedAt: card.resume_requested_at,
    apn: card.apn_expected ? { current: card.apn, expected: card.apn_expected } : null,
    iccid: card.iccid,
    accountCarrier,
  };
}

/**
 * The lines of many cards, read in three queries whatever their number (an export of 50,000 cards
 * reads them a page at a time): the same facts and the same rule as lineOf, card by card.
 */
export async function linesOf(db: Executor, cards: readonly LineCard[]): Promise<Map<number, LineView>> {
  const now = clock.now();
  const ids = cards.map((c) => c.id);
  const packages = await repo.alivePackagesOf(db, ids, now.toISOString());
  const windows = new Map(cards.map((c) => [c.id, windowsOf(packages.get(c.id) ?? [], now)]));
  const today = chinaDate(now);
  const from = [...windows.values()].reduce((min, w) => (w.pkgFrom && w.pkgFrom < min ? w.pkgFrom : min), chinaDate(chinaMonthStart(now)));
  const sums = new Map(cards.map((c) => [c.id, { today: 0, month: 0, pkg: 0 }]));
  for (const d of await dailyUsageOf(db, ids, from, today)) {
    const w = windows.get(d.card_id)!;
    const s = sums.get(d.card_id)!;
    const kb = Number(d.used_kb);
    if (d.day === w.today) s.today += kb;
    if (d.day >= w.monthFrom) s.month += kb;
    if (w.pkgFrom && w.pkgTo && d.day >= w.pkgFrom && d.day <= w.pkgTo) s.pkg += kb;
  }
  const carriers = await accountCarriers(db, cards);
  return new Map(
    cards.map((c) => [
      c.id,
      lineView(factsOf(c, packages.get(c.id) ?? [], sums.get(c.id)!, now, c.flow_synced_at, carriers.get(c.carrier_account_id) ?? null)),
    ]),
  );
}

/** The line as every page shows it, from what is stored (no carrier call). */
export async function lineOf(db: Executor, card: LineCard, syncedAt = card.flow_synced_at): Promise<LineView> {
  return lineView(await lineFacts(db, card, clock.now(), syncedAt));
}

/** The read model on the wire. */
export function lineAnswer(customNum: string, v: LineView): LineAnswer {
  return {
    custom_num: customNum,
    state: v.state,
    state_label: v.state_label,
    in_service: v.in_service,
    stop_reason: v.stop_reason ? { ...v.stop_reason, fix: { ...v.stop_reason.fix } } : null,
    restoring: v.restoring,
    plan: v.plan ? planUsage(v) : null,
    queued: v.queued,
    today_used_kb: v.today_used_kb,
    month_used_kb: v.month_used_kb,
    balance: fenToYuan(v.balance_fen),
    real_named: v.real_named,
    problem: v.problem ? { ...v.problem, fix: v.problem.fix ? { ...v.problem.fix } : null } : null,
    needs: v.needs,
    purchasable: v.purchasable,
    synced_at: v.synced_at,
  };
}

function planUsage(v: LineView): PackageUsage {
  const p = v.plan!;
  return {
    name: p.name,
    total_kb: p.total_kb,
    used_kb: p.used_kb,
    remaining_kb: p.remaining_kb,
    started_at: p.started_at,
    expired_at: p.expired_at,
    valid_until: p.valid_until,
  };
}

/** The usage pages' answer: the same figures, with the line they belong to. */
export function flowAnswer(customNum: string, v: LineView): FlowAnswer {
  return {
    custom_num: customNum,
    today_used_kb: v.today_used_kb,
    month_used_kb: v.month_used_kb,
    package: v.plan ? planUsage(v) : null,
    synced_at: v.synced_at,
    line: lineAnswer(customNum, v),
  };
}

/** The plan in force for the device pages (the SIMs of a device share the card's plan). */
export function planOf(v: LineView): PackageUsage | null {
  return v.plan ? planUsage(v) : null;
}
