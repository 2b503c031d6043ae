// The smart diagnosis of a card as pure rules: the facts the server gathered (card, carrier,
// package, balance, device, last sync) in, a list of checks out, each 正常 / 异常 / 无法判断 with
// one plain sentence and, for a problem, the one fix. The same rules judge the card test (/check).
//
// Who reads it matters: a visitor (anyone who typed the number) gets the same verdicts without
// personal data — no balance amount, no package name or figures, no real-name details — while the
// card's owner sees everything. The rules write both from the same facts so they cannot disagree.
import { CARD_STATE_LABEL, CARRIER_LABEL, CardState, SIGNAL_VERDICT_LABEL } from '@portal/contract/enums';
import { canAttach, signalVerdict } from './device';
import { formatKb } from './format';
import { FIX_TEXT, stopReasonFor, stopReasonOf, type Fix, type FixKind } from './stopReason';

export type CheckStatus = 'ok' | 'problem' | 'unknown';
export const CHECK_STATUS_LABEL: Record<CheckStatus, string> = { ok: '正常', problem: '异常', unknown: '无法判断' };

export type CheckKey = 'card_state' | 'real_name' | 'package' | 'balance' | 'device' | 'signal' | 'sync';

export interface Check {
  key: CheckKey;
  /** what was checked: 卡状态 */
  title: string;
  status: CheckStatus;
  /** one sentence in plain words */
  verdict: string;
  /** the one thing that fixes it; null when there is nothing to do */
  fix: Fix | null;
}

export type Audience = 'visitor' | 'owner';

export interface RadioFacts {
  /** carrier code (1 移动, 2 联通, 3 电信 …) */
  carrier: number;
  rsrp: number;
  sinr: number;
}

export interface DeviceFacts {
  online: boolean;
  /** the SIM in use has registered on its network (the device reports a signal for it) */
  attached: boolean;
  /** the SIM in use: its network and signal; null when offline or without signal */
  active: RadioFacts | null;
  /** the device's other SIMs it could switch to, with what it measures on their networks */
  others: RadioFacts[];
}

export interface DiagnosisFacts {
  now: Date;
  /** CardState */
  state: number;
  /** the carrier's stop reason as reported ('' when not stopped or not said) */
  stopReason: string;
  /** false: the carrier could not be asked; state, reason and real-name are the stored ones */
  carrierReachable: boolean;
  realNamed: boolean;
  /** the active package; null = none in force */
  pkg: { name: string; totalKb: number; remainingKb: number; validUntil: string } | null;
  balanceFen: number;
  /** null: not a device card, or the device cloud could not be asked (isDeviceCard tells which) */
  device: DeviceFacts | null;
  /** a device card (the portal knows a device holds it) */
  isDeviceCard: boolean;
  /** when the carrier data was last synced (ISO), '' never */
  syncedAt: string;
}

const MINUTE = 60_000;
/** Carrier figures older than this cannot be trusted for a verdict on data left. */
const STALE_MS = 24 * 60 * MINUTE;

const fix = (kind: FixKind, text: string = FIX_TEXT[kind]): Fix => ({ kind, text });

/** "刚刚" / "N 分钟前" / "N 小时前" / "N 天前". */
export function ago(iso: string, now: Date): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const ms = Math.max(0, now.getTime() - t);
  if (ms < MINUTE) return '刚刚';
  if (ms < 60 * MINUTE) return `${Math.floor(ms / MINUTE)} 分钟前`;
  if (ms < 24 * 60 * MINUTE) return `${Math.floor(ms / (60 * MINUTE))} 小时前`;
  return `${Math.floor(ms / (24 * 60 * MINUTE))} 天前`;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const carrierShort = (carrier: number) => (CARRIER_LABEL[carrier] ?? '其他网络').replace(/^中国/, '');

function cardStateCheck(f: DiagnosisFacts): Check {
  const title = '卡状态';
  const base = { key: 'card_state' as const, title };
  const reason = stopReasonFor(f.state, f.stopReason);
  if (reason) return { ...base, status: 'problem', verdict: `${reason.title}：${reason.detail}`, fix: reason.fix };
  if (!f.carrierReachable) return { ...base, status: 'unknown', verdict: '暂时无法连接运营商查询卡状态，请稍后刷新', fix: fix('refresh') };
  switch (f.state) {
    case CardState.Activated:
    case CardState.Testable:
      return { ...base, status: 'ok', verdict: `卡状态正常（${CARD_STATE_LABEL[f.state]}）`, fix: null };
    case CardState.Cancelled:
      return { ...base, status: 'problem', verdict: '该卡已销户，无法继续使用。如有疑问请联系客服', fix: fix('customer') };
    case CardState.Initial:
    case CardState.AllowActivate:
      return { ...base, status: 'problem', verdict: '卡还没有激活：插入设备开机上网即可自动激活', fix: fix('customer') };
    default:
      return {
        ...base,
        status: 'unknown',
        verdict: `运营商返回的卡状态为「${CARD_STATE_LABEL[f.state] ?? '未知'}」，无法判断能否上网`,
        fix: fix('customer'),
      };
  }
}

function realNameCheck(f: DiagnosisFacts): Check {
  const base = { key: 'real_name' as const, title: '实名认证' };
  if (!f.carrierReachable) return { ...base, status: 'unknown', verdict: '暂时无法向运营商查询实名状态', fix: fix('refresh') };
  if (f.realNamed) return { ...base, status: 'ok', verdict: '已完成实名认证', fix: null };
  return { ...base, status: 'problem', verdict: '尚未实名认证：按规定须实名后才能上网', fix: fix('real_name') };
}

function packageCheck(f: DiagnosisFacts, who: Audience): Check {
  const base = { key: 'package' as const, title: '套餐与流量' };
  const p = f.pkg;
  if (!p) return { ...base, status: 'problem', verdict: '没有生效中的套餐，订购后即可上网', fix: fix('buy_package') };
  const stale = !f.syncedAt || f.now.getTime() - Date.parse(f.syncedAt) > STALE_MS;
  const name = who === 'owner' ? `「${p.name}」` : '当前套餐';
  // the carrier's word wins over our figures, which lag behind it
  const usedUp = stopReasonFor(f.state, f.stopReason)?.code === 'data_used_up';
  if (usedUp || (p.totalKb > 0 && p.remainingKb <= 0))
    return { ...base, status: 'problem', verdict: `${name}流量已用完，订购加油包或新套餐后恢复`, fix: fix('buy_package') };
  if (stale) return { ...base, status: 'unknown', verdict: '运营商流量数据太久没有更新，无法判断剩余流量', fix: fix('refresh') };
  const low = p.totalKb > 0 && p.remainingKb * 10 < p.totalKb;
  // a visitor learns whether data is left, not how much nor until when
  const left = who === 'owner' ? `${name}剩余 ${formatKb(p.remainingKb)}${p.validUntil ? `，有效期至 ${p.validUntil}` : ''}` : name;
  if (low)
    return {
      ...base,
      status: 'ok',
      verdict: `${who === 'owner' ? `${left}，` : '当前套餐剩余流量'}已不足10%，建议及时订购加油包`,
      fix: null,
    };
  return { ...base, status: 'ok', verdict: who === 'owner' ? left : '当前套餐流量充足', fix: null };
}

function balanceCheck(f: DiagnosisFacts, who: Audience): Check {
  const base = { key: 'balance' as const, title: '账户余额' };
  const arrears = f.balanceFen < 0 || (f.state === CardState.Stopped && stopReasonOf(f.stopReason).code === 'arrears');
  if (arrears) {
    const amount = who === 'owner' ? `（余额 ${yuan(f.balanceFen)} 元）` : '';
    return { ...base, status: 'problem', verdict: `账户已欠费${amount}，充值后恢复`, fix: fix('recharge') };
  }
  return { ...base, status: 'ok', verdict: who === 'owner' ? `余额 ${yuan(f.balanceFen)} 元，无欠费` : '无欠费', fix: null };
}

function deviceCheck(f: DiagnosisFacts): Check {
  const base = { key: 'device' as const, title: '设备联网' };
  const d = f.device;
  if (!d) return { ...base, status: 'unknown', verdict: '暂时无法查询设备状态，请稍后刷新', fix: fix('refresh') };
  if (!d.online) return { ...base, status: 'problem', verdict: '设备离线：请确认设备已开机、电量充足', fix: fix('device') };
  if (!d.attached) return { ...base, status: 'problem', verdict: '设备在线，但卡没有注册到网络', fix: fix('device') };
  return { ...base, status: 'ok', verdict: `设备在线，已接入${CARRIER_LABEL[d.active?.carrier ?? 0] ?? '网络'}`, fix: null };
}

/** The other SIM of the device that is clearly better than a weak one, if any. */
function betterSim(d: DeviceFacts): RadioFacts | null {
  const rank = { strong: 2, fair: 1, weak: 0, none: -1 } as const;
  const current = d.active ? rank[signalVerdict(d.active)] : -1;
  const candidates = d.others.filter((o) => canAttach(o) && rank[signalVerdict(o)] > current);
  candidates.sort((a, b) => b.rsrp - a.rsrp);
  return candidates[0] ?? null;
}

function signalCheck(f: DiagnosisFacts, cardFine: boolean): Check | null {
  const d = f.device;
  if (!d || !d.online) return null;
  const base = { key: 'signal' as const, title: '信号' };
  const verdict = d.active ? signalVerdict(d.active) : 'none';
  const measured = d.active ? `RSRP ${formatDbm(d.active.rsrp)}` : '';
  if (verdict === 'strong' || verdict === 'fair')
    return { ...base, status: 'ok', verdict: `信号${SIGNAL_VERDICT_LABEL[verdict]}（${measured}）`, fix: null };
  const better = betterSim(d);
  const lead = cardFine ? '卡正常，但' : '';
  const what = verdict === 'none' ? '没有信号' : `信号弱（${measured}）`;
  if (better) {
    const to = carrierShort(better.carrier);
    return { ...base, status: 'problem', verdict: `${lead}${what} → 切换到${to}`, fix: fix('switch_network', `切换到${to}`) };
  }
  return { ...base, status: 'problem', verdict: `${lead}${what}：把设备移到窗边或高处再试`, fix: fix('device') };
}

/** −115 dBm with a real minus sign, as it is printed. */
export function formatDbm(v: number): string {
  return `${v < 0 ? '−' : ''}${Math.abs(Math.round(v))} dBm`;
}

function syncCheck(f: DiagnosisFacts): Check {
  const base = { key: 'sync' as const, title: '数据更新' };
  if (!f.syncedAt) return { ...base, status: 'unknown', verdict: '还没有从运营商取到数据', fix: fix('refresh') };
  const when = `数据更新于 ${ago(f.syncedAt, f.now)}`;
  if (f.now.getTime() - Date.parse(f.syncedAt) > STALE_MS)
    return { ...base, status: 'unknown', verdict: `${when}，可能已经过时`, fix: fix('refresh') };
  return { ...base, status: 'ok', verdict: when, fix: null };
}

export interface Diagnosis {
  /** worst first: problem, unknown, ok */
  overall: CheckStatus;
  /** the one sentence at the top */
  headline: string;
  checks: Check[];
}

/** All checks in the order they are shown, with the headline. */
export function diagnose(f: DiagnosisFacts, who: Audience): Diagnosis {
  const state = cardStateCheck(f);
  const checks: Check[] = [state, realNameCheck(f), packageCheck(f, who), balanceCheck(f, who)];
  if (f.isDeviceCard) {
    checks.push(deviceCheck(f));
    const signal = signalCheck(f, state.status === 'ok');
    if (signal) checks.push(signal);
  }
  checks.push(syncCheck(f));
  return summarize(checks);
}

export function summarize(checks: Check[]): Diagnosis {
  const problems = checks.filter((c) => c.status === 'problem');
  const unknowns = checks.filter((c) => c.status === 'unknown');
  if (problems.length > 0) {
    // the card's own state explains the rest (a stopped card has no signal worth judging)
    const first = problems[0]!;
    const more = problems.length > 1 ? `（另有 ${problems.length - 1} 项异常）` : '';
    return { overall: 'problem', headline: `${first.verdict.split('：')[0]}${more}`, checks };
  }
  if (unknowns.length > 0) return { overall: 'unknown', headline: `有 ${unknowns.length} 项暂时无法判断，请稍后刷新`, checks };
  return { overall: 'ok', headline: '卡片一切正常，可以正常上网', checks };
}

// ---------- the card test (/check) ----------

export interface LineTestFacts {
  /** the line is registered on the carrier's network */
  registered: boolean;
  /** a data session could be opened */
  dataSession: boolean;
  /** the APN the line is set to, and the one it needs */
  apn: string;
  expectedApn: string;
  /** CardState and stop reason, to explain a failed registration */
  state: number;
  stopReason: string;
}

/** The card test's three steps, each with what it means for the user and its fix. */
export function judgeLineTest(t: LineTestFacts): Diagnosis {
  const reason = stopReasonFor(t.state, t.stopReason);
  const registered: Check = t.registered
    ? { key: 'card_state', title: '网络注册', status: 'ok', verdict: '卡已注册到运营商网络', fix: null }
    : {
        key: 'card_state',
        title: '网络注册',
        status: 'problem',
        verdict: reason ? `没有注册到网络：${reason.title}。${reason.detail}` : '没有注册到网络：请确认卡已插好、设备在有信号的地方',
        fix: reason ? reason.fix : fix('customer'),
      };
  const session: Check = !t.registered
    ? { key: 'package', title: '数据连接', status: 'unknown', verdict: '卡没有注册到网络，无法测试上网', fix: null }
    : t.dataSession
      ? { key: 'package', title: '数据连接', status: 'ok', verdict: '可以建立数据连接，能正常上网', fix: null }
      : {
          key: 'package',
          title: '数据连接',
          status: 'problem',
          verdict: '无法建立数据连接：可能是套餐流量已用完',
          fix: fix('buy_package'),
        };
  const apnOk = t.apn === t.expectedApn;
  const apn: Check = apnOk
    ? { key: 'sync', title: 'APN 设置', status: 'ok', verdict: `APN 设置正确（${t.expectedApn}）`, fix: null }
    : {
        key: 'sync',
        title: 'APN 设置',
        status: 'problem',
        verdict: `APN 设置有误：当前为「${t.apn || '未设置'}」，应为「${t.expectedApn}」，请在设备的网络设置里修改`,
        fix: fix('customer'),
      };
  const out = summarize([registered, session, apn]);
  return out.overall === 'ok' ? { ...out, headline: '测试通过：卡能正常注册网络并上网' } : out;
}
