// China Mobile OneLink (EC API v5) in our terms: its card states, its 12-position stop-reason
// string and its transaction ids. Pure tables only; the adapter
// (apps/server/src/integrations/carrier/onelink) does the calls.
//
// Sources: the carrier's EC API v5 documentation as given to us, checked against public client
// code that quotes it (CMIOT_API25S04 单卡状态查询 for both state lists, CMIOT_API25S02
// 单卡停机原因查询 for the stop-reason positions). A code that neither names is not in a table:
// it reads as CardState.Other or as no reason, never as a guess.
import { CardState } from '@portal/contract/enums';
import type { ChangeAnswerTable } from './changeAnswer';

/** Which state list the account's cards answer in: OneLink-CT or OneLink-PB (an account setting). */
export type OneLinkVariant = 'ct' | 'pb';
export const ONELINK_VARIANTS: readonly OneLinkVariant[] = ['ct', 'pb'];

/** OneLink-CT cardStatus → CardState. */
export const ONELINK_CT_STATES: Readonly<Record<string, number>> = {
  // 待激活: the card activates on first use or on request, which is our 可激活
  '1': CardState.AllowActivate,
  '2': CardState.Activated, // 已激活
  '4': CardState.Stopped, // 停机: why is a separate query (sim-stop-reason)
  '6': CardState.Testable, // 可测试
  '7': CardState.Initial, // 库存: never activated
  // 8 预销户 is left out on purpose: the line no longer works but can still be restored by the
  // enterprise, so it is neither 已停机 (whose fixes, e.g. recharge, would not help) nor 已销户.
  '9': CardState.Cancelled, // 已销户
};

/** OneLink-PB cardStatus → CardState. */
export const ONELINK_PB_STATES: Readonly<Record<string, number>> = {
  '00': CardState.Activated, // 正常
  '01': CardState.Stopped, // 单向停机: outgoing service, data included, is barred
  '02': CardState.Stopped, // 停机
  // 03 预销号 (see 预销户 above), 05 过户 (ownership being transferred) and 06 休眠 (dormant)
  // have no state of ours: Other.
  '04': CardState.Cancelled, // 销号
  '07': CardState.AllowActivate, // 待激活
  // 99 号码不存在 is not a state: the platform does not know the number (onelinkLineMissing)
};

/** The card state in our terms; a code neither list names is CardState.Other. */
export function onelinkCardState(variant: OneLinkVariant, code: string): number {
  const table = variant === 'pb' ? ONELINK_PB_STATES : ONELINK_CT_STATES;
  return Object.hasOwn(table, code) ? table[code]! : CardState.Other;
}

/** OneLink-PB answers 99 (号码不存在) for a number it does not know: a line fault, not a state. */
export function onelinkLineMissing(variant: OneLinkVariant, code: string): boolean {
  return variant === 'pb' && code === '99';
}

/**
 * The stop-reason positions we can name, in the order we pick among them when several are set
 * (the string is 12 characters of "0"/"2", "2" marking a reason, and reasons combine). First
 * the one the holder can fix alone (arrears: recharge), then the ones where the holder can act
 * but needs us (back to the original device, back to the allowed region), last the carrier's
 * and the enterprise's own stops. OneLink has no position for "not real-named" in the
 * documentation we found, so that reason never comes from this string.
 *
 * Position 9 (主动（申请）双向停机) is the stop the enterprise applied for: our own setService(false).
 * The portal calls a reseller's stop 管控停机 (integrations/carrier/gateway.ts, suspend), so it is one.
 *
 * Left out, so they read as no reason: position 1 (窄带网商品到期失效停机, an NB-IoT product of the
 * enterprise's at the carrier expired: buying a package from us would not renew it, and telling
 * the holder to pay would cost them money for nothing) and the positions the documentation does
 * not name (3, 6, 7, 8, 12).
 */
export const ONELINK_STOP_POSITIONS: readonly { position: number; spelling: string }[] = [
  { position: 5, spelling: '欠费停机' }, // 信控双向停机: credit control, the balance ran out
  { position: 2, spelling: '机卡分离' }, // 机卡分离停机
  { position: 10, spelling: '区域限制' }, // 区域限制（位置固定）管理型停机
  { position: 4, spelling: '管控停机' }, // M2M 管理停机
  { position: 11, spelling: '管控停机' }, // 强制双向停机
  { position: 9, spelling: '管控停机' }, // 主动（申请）双向停机
];

const STOP_REASON_RE = /^[02]{12}$/;

/**
 * The stop reason in a spelling @portal/domain/stopReason decodes, or '' when the string says
 * none we know (all zeros: not stopped, or the platform has no reason yet) or is not 12 "0"/"2".
 */
export function onelinkStopReason(raw: string): string {
  if (!STOP_REASON_RE.test(raw)) return '';
  const hit = ONELINK_STOP_POSITIONS.find((p) => raw[p.position - 1] === '2');
  return hit ? hit.spelling : '';
}

/** The longest transid the platform takes. */
export const TRANSID_MAX_LENGTH = 48;
const CHINA_OFFSET_MS = 8 * 3600_000;

/**
 * A transaction id: appid + yyyyMMddHHmmss (China time) + an 8-digit sequence, e.g. appid 100001
 * at 2014-10-16 15:30:30 with sequence 80000001 is 1000012014101615303080000001. Throws a
 * RangeError for a sequence outside 8 digits or an appid too long to fit 48 characters.
 */
export function formatTransid(appid: string, nowMs: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > 99_999_999)
    throw new RangeError(`transid sequence out of range: ${sequence}`);
  const t = new Date(nowMs + CHINA_OFFSET_MS).toISOString(); // 2014-10-16T15:30:30.000Z
  const stamp = t.slice(0, 4) + t.slice(5, 7) + t.slice(8, 10) + t.slice(11, 13) + t.slice(14, 16) + t.slice(17, 19);
  const id = `${appid}${stamp}${String(sequence).padStart(8, '0')}`;
  if (id.length > TRANSID_MAX_LENGTH) throw new RangeError(`transid longer than ${TRANSID_MAX_LENGTH} characters (appid ${appid.length})`);
  return id;
}

/**
 * /ec/change/sim-status's `status`. 0, 11011 and 12021 are the platform's (public clients handle
 * them); 12011, the over-limit, is our placeholder (see the server's client). Not here, so
 * `unknown`: the refusal of a second change within 30 minutes and of a change the line's state does
 * not allow, whose codes we could not find — the card shows 状态未知 with the code until it is read.
 */
export const ONELINK_CHANGE_ANSWERS: ChangeAnswerTable = {
  '0': { kind: 'accepted' },
  '11011': { kind: 'refused', label: '物联卡号码不存在' },
  '12011': { kind: 'account', fault: 'rate', label: '调用频率超过限制' },
  // the client already asked again with a new token: a fresh token refused is the platform's trouble
  '12021': { kind: 'account', fault: 'unavailable', label: 'TOKEN不存在或已过期' },
};
