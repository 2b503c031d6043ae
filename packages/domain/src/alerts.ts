// Usage and expiry alerts and auto-renew (docs/decisions/0015): the pure rules. The alerts job on the
// server feeds them a card's settings, its package in force and "now", and gets back what is due;
// each due item names the PERIOD it belongs to, and the server records (card, kind, period) under
// a unique key, so the same crossing never notifies twice and a charge never happens twice.
import { PackageType } from '@portal/contract/enums';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const KB_PER_MB = 1024;

export type ThresholdUnit = 'percent' | 'mb';

/** What the owner chose for one card. */
export interface AlertChoice {
  data_alert: boolean;
  threshold_unit: ThresholdUnit;
  /** a share in whole percent, or an amount in MB */
  threshold_value: number;
  expiry_alert: boolean;
  /** alert this many days before the plan ends */
  expiry_days: number;
  auto_renew: boolean;
}

export const ALERT_DEFAULTS: AlertChoice = {
  data_alert: false,
  threshold_unit: 'percent',
  threshold_value: 20,
  expiry_alert: false,
  expiry_days: 3,
  auto_renew: false,
};

/** Bounds of the choices (the settings page offers the same). */
export const ALERT_LIMITS = {
  percent: { min: 1, max: 90 },
  /** up to 1 TB */
  mb: { min: 1, max: 1_048_576 },
  days: { min: 1, max: 30 },
} as const;

/** The first problem with a choice, in words for the owner; null when it is fine. */
export function alertChoiceProblem(c: AlertChoice): string | null {
  const whole = (n: number) => Number.isInteger(n);
  if (c.threshold_unit === 'percent') {
    const { min, max } = ALERT_LIMITS.percent;
    if (!whole(c.threshold_value) || c.threshold_value < min || c.threshold_value > max)
      return `剩余流量比例请填写${min}到${max}之间的整数`;
  } else {
    const { min, max } = ALERT_LIMITS.mb;
    if (!whole(c.threshold_value) || c.threshold_value < min || c.threshold_value > max)
      return `剩余流量请填写${min}到${max}之间的整数（单位MB）`;
  }
  const { min, max } = ALERT_LIMITS.days;
  if (!whole(c.expiry_days) || c.expiry_days < min || c.expiry_days > max) return `到期提醒请选择提前${min}到${max}天`;
  return null;
}

/** The remaining data, in KB, at or below which the data alert fires. */
export function thresholdKb(unit: ThresholdUnit, value: number, totalKb: number): number {
  return unit === 'percent' ? Math.floor((totalKb * value) / 100) : value * KB_PER_MB;
}

/** The package in force, as the alerts see it. */
export interface PackageInForce {
  id: number;
  name: string;
  package_type: number;
  total_kb: number;
  remaining_kb: number;
  started_at: string;
  expired_at: string;
}

/** A new package row (a renewal, a purchase, the next month of a month-reset package) is a new period. */
export function packagePeriod(pkg: Pick<PackageInForce, 'id' | 'started_at'>): string {
  return `pkg${pkg.id}@${pkg.started_at}`;
}

/** The plan's end is its period: renewing moves the end, and the next end is a new period. */
export function planPeriod(planEndsAt: string): string {
  return `plan@${planEndsAt}`;
}

/** Top-up packages (叠加包) carry their own data from the day they are bought; when it runs out, renewing helps now. */
const TOP_UP_TYPES: readonly number[] = [PackageType.ThirtyDaysSuperposition, PackageType.Superposition, PackageType.FreeSuperposition];
export function isTopUpType(t: number): boolean {
  return TOP_UP_TYPES.includes(t);
}

/** The data alert of this period, when the remaining data is at or below the owner's threshold. */
export function dataAlertDue(c: AlertChoice, pkg: PackageInForce | null): { period: string } | null {
  if (!c.data_alert || !pkg || pkg.total_kb <= 0) return null;
  if (pkg.remaining_kb > thresholdKb(c.threshold_unit, c.threshold_value, pkg.total_kb)) return null;
  return { period: packagePeriod(pkg) };
}

/** The expiry alert of this plan end, from N days before it until it ends. */
export function expiryAlertDue(c: AlertChoice, planEndsAt: string | null, now: Date): { period: string; days_left: number } | null {
  if (!c.expiry_alert || !planEndsAt) return null;
  const end = Date.parse(planEndsAt);
  if (Number.isNaN(end)) return null;
  const left = end - now.getTime();
  if (left <= 0 || left > c.expiry_days * DAY_MS) return null;
  return { period: planPeriod(planEndsAt), days_left: Math.max(1, Math.ceil(left / DAY_MS)) };
}

/** Renewal happens this close to the plan's end: a basic package bought before the end queues after it, so no day is lost. */
export const RENEW_LEAD_MS = HOUR_MS;
/** ... and is still tried this long after the end (a short balance topped up later, a server that was down). */
export const RENEW_GRACE_MS = 7 * DAY_MS;
/** The notice that a renewal is coming goes out this long before it. */
export const RENEW_NOTICE_MS = 3 * DAY_MS;
/** A top-up package's renewal notice goes out when this share of its data is left. */
export const TOP_UP_NOTICE_PERCENT = 10;

export type RenewStep =
  | { kind: 'none' }
  /** tell the owner the renewal is coming (and whether the balance covers it) */
  | { kind: 'notice'; period: string; reason: 'expiry' | 'data_out' }
  /** renew now; the period is the charge's once-only key */
  | { kind: 'renew'; period: string; reason: 'expiry' | 'data_out' };

/**
 * Whether to renew now, give notice, or neither. At the plan's end (from RENEW_LEAD_MS before it
 * until RENEW_GRACE_MS after it); for a top-up package also when its data is used up.
 */
export function renewStep(autoRenew: boolean, planEndsAt: string | null, pkg: PackageInForce | null, now: Date): RenewStep {
  if (!autoRenew) return { kind: 'none' };
  if (pkg && isTopUpType(pkg.package_type) && pkg.total_kb > 0) {
    // a renewal of a top-up adds its data to the same row: the grown total starts a new period
    const period = `data@${packagePeriod(pkg)}+${pkg.total_kb}`;
    if (pkg.remaining_kb <= 0) return { kind: 'renew', period, reason: 'data_out' };
    if (pkg.remaining_kb <= thresholdKb('percent', TOP_UP_NOTICE_PERCENT, pkg.total_kb))
      return { kind: 'notice', period, reason: 'data_out' };
  }
  if (!planEndsAt) return { kind: 'none' };
  const end = Date.parse(planEndsAt);
  if (Number.isNaN(end)) return { kind: 'none' };
  const t = now.getTime();
  const period = planPeriod(planEndsAt);
  if (t >= end - RENEW_LEAD_MS && t <= end + RENEW_GRACE_MS) return { kind: 'renew', period, reason: 'expiry' };
  if (t >= end - RENEW_NOTICE_MS && t < end) return { kind: 'notice', period, reason: 'expiry' };
  return { kind: 'none' };
}
