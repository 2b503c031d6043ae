// The smart diagnosis of a card as pure rules: the facts the server gathered (card, carrier,
// package, balance, device, last sync) in, a list of checks out, each 正常 / 异常 / 无法判断 with
// one plain sentence and, for a problem, the one fix. The same rules judge the card test (/check).
//
// Who reads it matters: a visitor (anyone who typed the number) gets the same verdicts without
// personal data — no balance amount, no package name or figures, no real-name details — while the
// card's owner sees everything. The rules write both from the same facts so they cannot disagree.
import { CARRIER_LABEL, SIGNAL_VERDICT_LABEL } from '@portal/contract/enums';
import { canAttach, signalVerdict } from './device';
import { formatKb } from './format';
import type { LineProblemCode, LineView } from './line';
import { FIX_TEXT, type Fix, type FixKind } from './stopReason';

export type CheckStatus = 'ok' | 'problem' | 'unknown';
export const CHECK_STATUS_LABEL: Record<CheckStatus, string> = { ok: '正常', problem: '异常', unknown: '无法判断' };

export type CheckKey = 'card_state' | 'real_name' | 'package' | 'balance' | 'apn' | 'device' | 'signal' | 'sync';

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
  /** the line's read model (./line): state, stop reason, plan and figures, balance, real-name, APN, the one problem */
  line: LineView;
  /** false: the carrier could not be asked; the line is as last stored */
  carrierReachable: boolean;
  /** null: not a device card, or the device cloud could not be asked (isDeviceCard tells which) */
  device: DeviceFacts | null;
  /** a device card (the portal knows a device holds it) */
  isDeviceCard: boolean;
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

/** The line's problems that are about the card itself (not its package, balance or settings). */
const CARD_PROBLEMS: readonly LineProblemCode[] = ['cancelled', 'replace_card', 'wrong_platform', 'restoring', 'stopped', 'not_activated'];

function cardStateCheck(f: DiagnosisFacts): Check {
  const base = { key: 'card_state' as const, title: '卡状态' };
  const p = f.line.problem;
  if (p && CARD_PROBLEMS.includes(p.code)) return { ...base, status: 'problem', verdict: `${p.title}：${p.detail}`, fix: p.fix };
  if (!f.carrierReachable) return { ...base, status: 'unknown', verdict: '暂时无法连接运营商查询卡状态，请稍后刷新', fix: fix('refresh') };
  return { ...base, status: 'ok', verdict: `卡状态正常（${f.line.state_label}）`, fix: null };
}

function realNameCheck(f: DiagnosisFacts): Check {
  const base = { key: 'real_name' as const, title: '实名认证' };
  if (f.line.real_named) return { ...base, status: 'ok', verdict: '已完成实名认证', fix: null };
  if (!f.line.purchasable) return { ...base, status: 'unknown', verdict: '该卡已销户，无需实名', fix: null };
  return { ...base, status: 'problem', verdict: '尚未实名认证：按规定须实名后才能上网', fix: fix('real_name') };
}

function packageCheck(f: DiagnosisFacts, who: Audience): Check {
  const base = { key: 'package' as const, title: '套餐与流量' };
  const line = f.line;
  // a cancelled card is never offered a purchase: there is nothing to buy for it
  if (!line.purchasable) return { ...base, status: 'unknown', verdict: '该卡已销户，不能再订购套餐', fix: null };
  const p = line.plan;
  const problem = line.problem;
  if (!p) {
    const verdict = problem?.code === 'no_package' ? `${problem.title}：${problem.detail}` : '没有生效中的套餐：订购套餐后即可上网';
    return { ...base, status: 'problem', verdict, fix: fix('buy_package') };
  }
  const name = who === 'owner' ? `「${p.name}」` : '当前套餐';
  if (p.total_kb > 0 && p.remaining_kb <= 0)
    return { ...base, status: 'problem', verdict: `${name}流量已用完，订购加油包后立即恢复`, fix: fix('buy_refuel') };
  const stale = !line.synced_at || f.now.getTime() - Date.parse(line.synced_at) > STALE_MS;
  if (stale) return { ...base, status: 'unknown', verdict: '运营商流量数据太久没有更新，无法判断剩余流量', fix: fix('refresh') };
  const low = p.total_kb > 0 && p.remaining_kb * 10 < p.total_kb;
  // a visitor learns whether data is left, not how much nor until when
  const left = who === 'owner' ? `${name}剩余 ${formatKb(p.remaining_kb)}${p.valid_until ? `，有效期至 ${p.valid_until}` : ''}` : name;
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
  const line = f.line;
  if (!line.purchasable) return { ...base, status: 'unknown', verdict: '该卡已销户，不能再充值', fix: null };
  const amount = who === 'owner' ? `余额 ${yuan(line.balance_fen)} 元` : '';
  if (line.needs === 'recharge' || line.stop_reason?.code === 'arrears')
    return { ...base, status: 'problem', verdict: `账户已欠费${amount ? `（${amount}）` : ''}，充值后恢复`, fix: fix('recharge') };
  return { ...base, status: 'ok', verdict: who === 'owner' ? `${amount}，无欠费` : '无欠费', fix: null };
}

function apnCheck(f: DiagnosisFacts): Check | null {
  const p = f.line.problem;
  const base = { key: 'apn' as const, title: 'APN 设置' };
  if (p?.code === 'apn') return { ...base, status: 'problem', verdict: `${p.title}：${p.detail}`, fix: p.fix };
  return null;
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
  const syncedAt = f.line.synced_at;
  if (!syncedAt) return { ...base, status: 'unknown', verdict: '还没有从运营商取到数据', fix: fix('refresh') };
  const when = `数据更新于 ${ago(syncedAt, f.now)}`;
  if (f.now.getTime() - Date.parse(syncedAt) > STALE_MS)
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

/** All checks in the order they are shown, with the headline: the line's one problem comes first. */
export function diagnose(f: DiagnosisFacts, who: Audience): Diagnosis {
  const state = cardStateCheck(f);
  const checks: Check[] = [state, realNameCheck(f), packageCheck(f, who), balanceCheck(f, who)];
  const apn = apnCheck(f);
  if (apn) checks.push(apn);
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
  /** the line's read model after the test (state, stop reason, plan): it explains a failure */
  line: LineView;
}

/** The card test's three steps, each with what it means for the user and its fix. */
export function judgeLineTest(t: LineTestFacts): Diagnosis {
  const p = t.line.problem;
  const cardProblem = p && CARD_PROBLEMS.includes(p.code) ? p : null;
  const apnOk = t.apn === t.expectedApn;
  const apnFix = fix('customer');
  const registered: Check = t.registered
    ? { key: 'card_state', title: '网络注册', status: 'ok', verdict: '卡已注册到运营商网络', fix: null }
    : {
        key: 'card_state',
        title: '网络注册',
        status: 'problem',
        verdict: cardProblem
          ? `没有注册到网络：${cardProblem.title}。${cardProblem.detail}`
          : '没有注册到网络：请确认卡已插好、设备在有信号的地方',
        fix: cardProblem ? cardProblem.fix : fix('customer'),
      };
  let session: Check;
  if (!t.registered)
    session = { key: 'package', title: '数据连接', status: 'unknown', verdict: '卡没有注册到网络，无法测试上网', fix: null };
  else if (t.dataSession && apnOk)
    session = { key: 'package', title: '数据连接', status: 'ok', verdict: '可以建立数据连接，能正常上网', fix: null };
  else if (!apnOk)
    session = {
      key: 'package',
      title: '数据连接',
      status: 'problem',
      verdict: 'APN 设置有误，无法建立数据连接：改好 APN 后即可上网',
      fix: apnFix,
    };
  else if (p && (p.code === 'data_used_up' || p.code === 'no_package'))
    session = { key: 'package', title: '数据连接', status: 'problem', verdict: `无法建立数据连接：${p.title}。${p.detail}`, fix: p.fix };
  else
    session = {
      key: 'package',
      title: '数据连接',
      status: 'problem',
      verdict: '无法建立数据连接：请重启设备后再测试，仍不行请联系客服',
      fix: fix('customer'),
    };
  const apn: Check = apnOk
    ? { key: 'apn', title: 'APN 设置', status: 'ok', verdict: `APN 设置正确（${t.expectedApn}）`, fix: null }
    : {
        key: 'apn',
        title: 'APN 设置',
        status: 'problem',
        verdict: `APN 设置有误：当前为「${t.apn || '未设置'}」，应为「${t.expectedApn}」，请在设备的网络设置里修改，或联系客服远程修改`,
        fix: apnFix,
      };
  const out = summarize([registered, session, apn]);
  return out.overall === 'ok' ? { ...out, headline: '测试通过：卡能正常注册网络并上网' } : out;
}
