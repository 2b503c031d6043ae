// An account's health as the console shows it (docs/decisions/0030, 0065): the cards on it, the last
// complete round (cards read and failed), the cards whose figures are older than 2 hours, the error
// rate, the calls a second it is kept to, the circuit, and the state in words with what to do and
// when a resting account is called again. Figured from the columns the sync engine keeps (round.ts
// writes the round, guard.ts the calls, failures and circuit) and from the account's cards.
import {
  CARRIER_HEALTH_STATE_LABEL,
  CARRIER_STALE_HOURS,
  type CarrierAccountHealth,
  type CarrierHealthState,
} from '@portal/contract/admin';
import { formatDateTime } from '@portal/domain';
import type { CardCounts, CarrierAccount } from './repo';

export const STALE_MS = CARRIER_STALE_HOURS * 3600_000;

/** Figures read before this time (at `now`) are stale. */
export const staleBefore = (now: Date): string => new Date(now.getTime() - STALE_MS).toISOString();

export interface Limits {
  /** the calls a second the sync engine keeps the account to (its own figure or the platform's) */
  effective: number;
  platform: number;
}

/**
 * The kind of an account-level failure in an operator's words (guard.ts records the kind; the
 * message itself is the log's English and may echo the platform).
 */
export function failureWords(kind: string): string {
  switch (kind) {
    case 'auth':
      return '平台拒绝了账号或密钥';
    case 'unavailable':
      return '平台无法连接或超时';
    case 'malformed':
      return '平台返回了无法识别的内容';
    case 'rate':
      return '平台限流';
    default:
      return '调用平台失败';
  }
}

export type HealthColumns = Pick<
  CarrierAccount,
  | 'enabled'
  | 'last_round_at'
  | 'last_round_cards'
  | 'last_round_failed'
  | 'calls_ok'
  | 'calls_failed'
  | 'failures'
  | 'circuit_open_until'
  | 'last_error'
  | 'last_error_kind'
>;

/**
 * Pure: the state of an account at `now`, most urgent first, with what it means in words (times
 * in Beijing time) and when a resting account is called again.
 */
export function stateOf(a: HealthColumns, now: Date): { state: CarrierHealthState; detail: string; next_try_at: string | null } {
  const nowIso = now.toISOString();
  const failures = Number(a.failures);
  const circuitOpen = a.circuit_open_until !== '' && a.circuit_open_until > nowIso;
  const recentRound = a.last_round_at !== '' && a.last_round_at >= staleBefore(now);
  const next = circuitOpen ? a.circuit_open_until : null;
  const retry = next ? `，${formatDateTime(next)}（北京时间）起再次调用` : '';
  if (a.enabled !== 1) return { state: 'disabled', detail: '已停用：不同步、不调用平台，卡片显示已保存的数据', next_try_at: null };
  if (failures > 0 && a.last_error_kind === 'auth')
    return {
      state: 'auth',
      detail: `平台拒绝了账号或密钥${retry}；请核对账号字段后在「编辑」中更新，或先「测试连接」`,
      next_try_at: next,
    };
  if (circuitOpen)
    return {
      state: 'resting',
      detail: `连续失败 ${failures} 次（${failureWords(a.last_error_kind)}），暂停调用${retry}；期间卡片显示已保存的数据`,
      next_try_at: next,
    };
  if (failures > 0 && !recentRound)
    return {
      state: 'failing',
      detail: `连续失败 ${failures} 次（${failureWords(a.last_error_kind)}），${CARRIER_STALE_HOURS} 小时内没有完整同步`,
      next_try_at: null,
    };
  const read = Number(a.last_round_cards);
  const failed = Number(a.last_round_failed);
  if (a.last_round_at !== '' && read === 0 && failed > 0)
    return {
      state: 'round_failed',
      detail: `最近一轮 ${failed} 张卡全部读取失败：平台不认识这些卡，或卡不属于该账号（请核对卡的运营商与账号）`,
      next_try_at: null,
    };
  if (a.last_round_at === '') return { state: 'never', detail: '尚未完成一轮同步：账号未经验证，卡片数据来自导入时', next_try_at: null };
  return { state: 'ok', detail: failed > 0 ? `最近一轮有 ${failed} 张卡读取失败` : '', next_try_at: null };
}

/** Pure: the health of one account at `now`. `limits` null when the account's adapter cannot be built. */
export function healthOf(a: HealthColumns, counts: CardCounts | undefined, limits: Limits | null, now: Date): CarrierAccountHealth {
  const nowIso = now.toISOString();
  const calls = Number(a.calls_ok) + Number(a.calls_failed);
  const circuitOpen = a.circuit_open_until !== '' && a.circuit_open_until > nowIso;
  const s = stateOf(a, now);
  return {
    last_round_at: a.last_round_at || null,
    last_round_cards: Number(a.last_round_cards),
    last_round_failed: Number(a.last_round_failed),
    cards: counts?.cards ?? 0,
    stale_cards: counts?.stale ?? 0,
    calls_ok: Number(a.calls_ok),
    calls_failed: Number(a.calls_failed),
    error_rate: calls > 0 ? Number(a.calls_failed) / calls : null,
    limit_per_second: limits?.effective ?? null,
    platform_limit_per_second: limits?.platform ?? null,
    failures: Number(a.failures),
    circuit_open: circuitOpen,
    circuit_open_until: circuitOpen ? a.circuit_open_until : null,
    last_error: a.last_error,
    last_error_kind: a.last_error_kind,
    state: s.state,
    state_label: CARRIER_HEALTH_STATE_LABEL[s.state],
    state_detail: s.detail,
    next_try_at: s.next_try_at,
    // a disabled account is not called: it shows as 已停用, not as failing; 尚未同步 and 正常 are not failing
    failing: s.state === 'auth' || s.state === 'resting' || s.state === 'failing' || s.state === 'round_failed',
  };
}
