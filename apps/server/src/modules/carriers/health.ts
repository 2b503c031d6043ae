// An account's health as the console shows it (docs/decisions/0030): the last complete round, the cards
// whose figures are older than 2 hours, the error rate, the calls a second it is kept to, the
// circuit, and whether it is failing. Figured from the columns the sync engine keeps (round.ts writes
// the round, guard.ts the calls, failures and circuit) and from the account's cards.
import { CARRIER_STALE_HOURS, type CarrierAccountHealth } from '@portal/contract/admin';
import type { CardCounts, CarrierAccount } from './repo';

export const STALE_MS = CARRIER_STALE_HOURS * 3600_000;

/** Figures read before this time (at `now`) are stale. */
export const staleBefore = (now: Date): string => new Date(now.getTime() - STALE_MS).toISOString();

export interface Limits {
  /** the calls a second the sync engine keeps the account to (its own figure or the platform's) */
  effective: number;
  platform: number;
}

/** Pure: the health of one account at `now`. `limits` null when the account's adapter cannot be built. */
export function healthOf(
  a: Pick<
    CarrierAccount,
    'enabled' | 'last_round_at' | 'last_round_cards' | 'calls_ok' | 'calls_failed' | 'failures' | 'circuit_open_until' | 'last_error'
  >,
  counts: CardCounts | undefined,
  limits: Limits | null,
  now: Date,
): CarrierAccountHealth {
  const nowIso = now.toISOString();
  const calls = Number(a.calls_ok) + Number(a.calls_failed);
  const circuitOpen = a.circuit_open_until !== '' && a.circuit_open_until > nowIso;
  const recentRound = a.last_round_at !== '' && a.last_round_at >= staleBefore(now);
  return {
    last_round_at: a.last_round_at || null,
    last_round_cards: Number(a.last_round_cards),
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
    // a disabled account is not called: it shows as 已停用, not as failing
    failing: a.enabled === 1 && (circuitOpen || (Number(a.failures) > 0 && !recentRound)),
  };
}
