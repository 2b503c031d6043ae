// The one read model of a line: everything a page says about a card's connection — its state and
// why it is stopped, the plan in force and those queued, the period's total / used / remaining data,
// today's use, balance, real-name, the one thing that is wrong with the one thing to do about it,
// and when the figures were taken — computed HERE from stored facts, and nowhere else. Home, the
// card list, the usage pages, the device pages, both diagnosis pages, quick payment, the shop's fit
// check, the alerts and the console's card story read it (server: modules/line), so two pages can
// no longer disagree about the same card at the same moment (docs/decisions/0029-one-read-model-of-a-line.md).
//
// Facts in (what the carrier, the orders and the device told us), verdicts out. Knows no web paths
// and no SQL: a fix is a kind (FixKind) that each app maps to its page.
import { CARD_STATE_LABEL, CARRIER_LABEL, CardState, PackageType } from '@portal/contract/enums';
import { chinaDate } from './format';
import { issuerCarrierOf } from './network';
import { FIX_TEXT, stopReasonFor, type Fix, type FixKind, type StopReason } from './stopReason';
import { lastValidDay } from './validity';

/** A package row of the card as the orders delivered it. */
export interface LinePackageRow {
  id: number;
  name: string;
  package_type: number;
  total_kb: number;
  started_at: string;
  /** exclusive end instant */
  expired_at: string;
}

/** The plan in force: the latest started package that has not ended (the row a refuel adds to). */
export function planInForce<T extends LinePackageRow>(rows: readonly T[], now: Date): T | null {
  const t = now.getTime();
  return (
    rows
      .filter((r) => Date.parse(r.started_at) <= t && Date.parse(r.expired_at) > t)
      .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || b.id - a.id)[0] ?? null
  );
}

/** Packages bought to start later (a renewal, a plan queued behind the one in force), soonest first. */
export function queuedPlans<T extends LinePackageRow>(rows: readonly T[], now: Date): T[] {
  const t = now.getTime();
  return rows
    .filter((r) => Date.parse(r.started_at) > t)
    .sort((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at) || a.id - b.id);
}

export interface LineFacts {
  now: Date;
  /** CardState as last reported by the carrier */
  state: number;
  /** the carrier's stop reason as reported ('' when not stopped or not said) */
  stopReason: string;
  /** the card holder passed the carrier's real-name check (and it is not a fake flag) */
  realNamed: boolean;
  /** the operator asked the holder to replace the card */
  needChangeCard: boolean;
  balanceFen: number;
  /** planInForce of the card's packages */
  plan: LinePackageRow | null;
  /** queuedPlans of the card's packages */
  queued: readonly LinePackageRow[];
  /** usage on record: today, this China-time month, and since the plan in force started */
  usage: { todayKb: number; monthKb: number; planKb: number };
  /** when the carrier figures were last taken (ISO), '' never */
  syncedAt: string;
  /** a purchase or recharge fixed what stopped the line and the carrier was asked to resume it (ISO), '' none */
  resumeRequestedAt: string;
  /** the line's APN as the carrier last tested it; null when never tested */
  apn: { current: string; expected: string } | null;
  /** the SIM's ICCID: its issuer code names the carrier that issued it */
  iccid: string;
  /**
   * the carrier (CARRIER_LABEL number) of the platform account the card sits on; null when the
   * account names none (the simulator) — a card on another carrier's platform cannot be served
   */
  accountCarrier: number | null;
}

export type LineProblemCode =
  | 'cancelled'
  | 'replace_card'
  | 'wrong_platform'
  | 'restoring'
  | 'stopped'
  | 'not_activated'
  | 'not_real_named'
  | 'no_package'
  | 'data_used_up'
  | 'arrears'
  | 'apn';

export interface LineProblem {
  code: LineProblemCode;
  /** a few words: 流量已用完 */
  title: string;
  /** one sentence: what happened and what to do */
  detail: string;
  /** the one thing that fixes it; null when only waiting helps */
  fix: Fix | null;
}

/** What a purchase must do to give the line data again TODAY; null when buying does not help. */
export type LineNeed = 'refuel' | 'package' | 'recharge' | null;

export interface LinePlan {
  name: string;
  total_kb: number;
  used_kb: number;
  remaining_kb: number;
  started_at: string;
  expired_at: string;
  valid_until: string;
}

export interface LineView {
  state: number;
  state_label: string;
  /** the carrier passes traffic for it (activated, or in its test period) */
  in_service: boolean;
  /** why it is stopped, with the carrier's fix; null when it is not stopped */
  stop_reason: StopReason | null;
  /** stopped, but what stopped it was fixed (paid) and the carrier was asked to resume it */
  restoring: boolean;
  plan: LinePlan | null;
  queued: { name: string; started_at: string; valid_until: string }[];
  today_used_kb: number;
  month_used_kb: number;
  balance_fen: number;
  real_named: boolean;
  /** the one thing wrong (the most serious), null when the line works */
  problem: LineProblem | null;
  /** what to buy to be back online today; null when buying does not help */
  needs: LineNeed;
  /** false: nothing can be bought for this card (cancelled) */
  purchasable: boolean;
  synced_at: string;
}

const IN_SERVICE: readonly number[] = [CardState.Activated, CardState.Testable];
const fix = (kind: FixKind, text: string = FIX_TEXT[kind]): Fix => ({ kind, text });

/** Stop reasons a purchase or recharge fixes; the others need support or the holder's own action. */
const PAID_FIXES: Partial<Record<StopReason['code'], Exclude<LineNeed, null>>> = {
  data_used_up: 'refuel',
  plan_expired: 'package',
  arrears: 'recharge',
};

function planView(f: LineFacts, stoppedForData: boolean): LinePlan | null {
  const p = f.plan;
  if (!p) return null;
  // The carrier's word wins over our figures, which lag behind it by hours: a line it stopped for
  // data used up has nothing left, whatever the last sync added up.
  const used = stoppedForData ? Math.max(p.total_kb, f.usage.planKb) : f.usage.planKb;
  return {
    name: p.name,
    total_kb: p.total_kb,
    used_kb: used,
    remaining_kb: Math.max(0, p.total_kb - used),
    started_at: p.started_at,
    expired_at: p.expired_at,
    valid_until: lastValidDay(p.expired_at),
  };
}

/** What stops the line, most serious first; null when it works. */
function problemOf(f: LineFacts, v: Omit<LineView, 'problem' | 'needs' | 'purchasable'>): LineProblem | null {
  if (f.state === CardState.Cancelled)
    return {
      code: 'cancelled',
      title: '已销户',
      detail: '这张卡已无法继续使用，也不能再订购套餐或充值。如有疑问请联系客服',
      fix: fix('customer'),
    };
  if (f.needChangeCard)
    return {
      code: 'replace_card',
      title: '需要换卡',
      detail: '这张卡需要更换新卡才能继续使用，请提交换卡申请，新卡寄到后按说明激活',
      fix: fix('replace_card'),
    };
  const wrong = wrongPlatform(f);
  if (wrong)
    // whatever the stored state says, it is not this platform's word: the page says what it knows
    return {
      code: 'wrong_platform',
      title: '卡状态暂时无法查询',
      detail:
        `这张卡是${CARRIER_LABEL[wrong.issuer]}的卡，但登记在${CARRIER_LABEL[wrong.account]}的平台上，` +
        '卡状态和流量暂时无法更新，停机、复机也无法办理，页面显示的是之前的数据。请联系客服核实',
      fix: fix('customer'),
    };
  if (v.stop_reason) {
    if (v.restoring)
      return {
        code: 'restoring',
        title: '正在恢复上网',
        detail: `${v.stop_reason.title}的原因已解决，已通知运营商复机，通常几分钟内恢复上网`,
        fix: fix('refresh', '查看进度'),
      };
    return { code: 'stopped', title: v.stop_reason.title, detail: stopDetail(v), fix: stopFix(v) };
  }
  if (f.state === CardState.Initial || f.state === CardState.AllowActivate)
    return { code: 'not_activated', title: '未激活', detail: '卡还没有激活：插入设备开机上网即可自动激活', fix: fix('customer') };
  if (!v.in_service)
    return {
      code: 'stopped',
      title: '卡状态异常',
      detail: `运营商返回的卡状态为「${CARD_STATE_LABEL[f.state] ?? '未知'}」，无法判断能否上网，请联系客服核实`,
      fix: fix('customer'),
    };
  if (!f.realNamed)
    return { code: 'not_real_named', title: '未实名', detail: '按规定物联网卡须完成实名认证后才能上网', fix: fix('real_name') };
  if (!v.plan) {
    const next = v.queued[0];
    return {
      code: 'no_package',
      title: '没有生效中的套餐',
      detail: next ? `已订购的「${next.name}」${chinaDate(new Date(next.started_at))}起生效，在此之前无法上网` : '订购套餐后即可上网',
      fix: fix('buy_package'),
    };
  }
  if (v.plan.total_kb > 0 && v.plan.remaining_kb <= 0)
    return { code: 'data_used_up', title: '流量已用完', detail: '当前套餐的流量已用完，订购加油包后立即恢复', fix: fix('buy_refuel') };
  if (f.balanceFen < 0) return { code: 'arrears', title: '账户欠费', detail: '账户已欠费，充值补足后恢复', fix: fix('recharge') };
  if (f.apn && f.apn.current !== f.apn.expected)
    return {
      code: 'apn',
      title: 'APN 设置有误',
      detail: `卡的 APN 为「${f.apn.current || '未设置'}」，应为「${f.apn.expected}」，设置不对时无法上网。请在设备的网络设置里改为「${f.apn.expected}」，或联系客服远程修改`,
      fix: fix('customer'),
    };
  return null;
}

/**
 * The card sits on a platform account of another carrier than the one that issued its SIM (by the
 * ICCID's issuer code): that platform does not know the line, so it can neither read nor change it.
 * null when it can, or when either side does not tell (an unknown issuer code, the simulator).
 */
export function wrongPlatform(f: Pick<LineFacts, 'iccid' | 'accountCarrier'>): { issuer: number; account: number } | null {
  const issuer = issuerCarrierOf(f.iccid);
  if (issuer === null || f.accountCarrier === null || issuer === f.accountCarrier) return null;
  return { issuer, account: f.accountCarrier };
}

/** What stopped the line, said for this line: used up with a plan in force, only a refuel helps today. */
function stopDetail(v: Pick<LineView, 'stop_reason' | 'plan'>): string {
  const reason = v.stop_reason!;
  if (reason.code !== 'data_used_up' || v.plan) return reason.detail;
  return '流量已用完，已暂停上网。订购套餐后即可恢复。';
}

/** The fix of a stop: a used-up line with a plan in force needs a refuel (a new plan would only queue). */
function stopFix(v: Pick<LineView, 'stop_reason' | 'plan'>): Fix {
  const reason = v.stop_reason!;
  if (reason.code === 'data_used_up' && !v.plan) return fix('buy_package');
  return reason.fix;
}

function needOf(problem: LineProblem | null, v: Pick<LineView, 'stop_reason' | 'plan'>): LineNeed {
  if (!problem) return null;
  switch (problem.code) {
    case 'stopped': {
      const need = v.stop_reason ? (PAID_FIXES[v.stop_reason.code] ?? null) : null;
      // used up without a plan in force, or expired: only a plan that starts now brings it back
      return need === 'refuel' && !v.plan ? 'package' : need;
    }
    case 'no_package':
      return 'package';
    case 'data_used_up':
      return 'refuel';
    case 'arrears':
      return 'recharge';
    default:
      return null;
  }
}

/** The line as every page shows it. */
export function lineView(f: LineFacts): LineView {
  const stop = stopReasonFor(f.state, f.stopReason);
  const restoring = stop !== null && f.resumeRequestedAt !== '' && PAID_FIXES[stop.code] !== undefined;
  const base = {
    state: f.state,
    state_label: CARD_STATE_LABEL[f.state] ?? '未知状态',
    in_service: IN_SERVICE.includes(f.state),
    stop_reason: stop,
    restoring,
    plan: planView(f, stop?.code === 'data_used_up' && !restoring),
    queued: f.queued.map((q) => ({ name: q.name, started_at: q.started_at, valid_until: lastValidDay(q.expired_at) })),
    today_used_kb: f.usage.todayKb,
    month_used_kb: f.usage.monthKb,
    balance_fen: f.balanceFen,
    real_named: f.realNamed,
    synced_at: f.syncedAt,
  };
  const problem = problemOf(f, base);
  // the stop reason as this line needs it (a used-up line without a plan needs a plan, not a refuel)
  const stopReason = stop ? { ...stop, detail: stopDetail(base), fix: stopFix(base) } : null;
  return { ...base, stop_reason: stopReason, problem, needs: needOf(problem, base), purchasable: f.state !== CardState.Cancelled };
}

/** A short line for a problem: "流量已用完：当前套餐的流量已用完…". */
export function problemSentence(p: LineProblem): string {
  return `${p.title}：${p.detail}`;
}

// ---------- what a purchase does to the line ----------

/** Refuel kinds add data to the plan in force; superposition kinds add to it, or start now without one. */
const REFUEL_KINDS: readonly number[] = [PackageType.Refuel, PackageType.RefuelExtra];
const STACK_KINDS: readonly number[] = [PackageType.ThirtyDaysSuperposition, PackageType.Superposition, PackageType.FreeSuperposition];

/**
 * Whether paying for this package brings a line that needs data back online today (the same rule
 * as commerce's packageEffect): a refuel adds to the plan in force, so it needs one; a
 * superposition adds to it or starts now; a basic plan starts now only when nothing is in force
 * or queued — otherwise it queues behind them.
 */
export function restoresToday(line: Pick<LineView, 'needs' | 'plan' | 'queued'>, packageType: number): boolean {
  if (line.needs !== 'refuel' && line.needs !== 'package') return false;
  if (REFUEL_KINDS.includes(packageType)) return line.plan !== null;
  if (STACK_KINDS.includes(packageType)) return true;
  return line.plan === null && line.queued.length === 0;
}

/**
 * What the buyer is told before paying when the card is stopped or out of data: null when the
 * purchase brings it back today (or the line needs nothing), a sentence when it does not.
 */
export function purchaseNote(line: Pick<LineView, 'needs' | 'plan' | 'queued' | 'problem'>, packageType: number): string | null {
  if (line.needs !== 'refuel' && line.needs !== 'package') return null;
  if (restoresToday(line, packageType)) return null;
  if (REFUEL_KINDS.includes(packageType)) return '当前没有生效中的套餐，加油包无法使用：请订购套餐';
  return `当前套餐到期后这个套餐才生效，不能让卡今天恢复上网；需要今天恢复请订购加油包`;
}
