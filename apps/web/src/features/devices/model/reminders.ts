// /cpe_remind: what the owner of a device should know about it and its card, most serious first,
// each with what to do about it. The rules are the portal's (the home hint of the server's clew and
// the card gates): real-name by isVerified (the gates' needsRealName), "expiring" within EXPIRY_WARNING_DAYS of the last
// valid day (@portal/domain/validity), "running out" below a tenth of the package; plus what only a
// device has: being offline. A renewal already bought and queued counts: no "expiring" while it
// covers the next days. Pure: the page passes the card's info, its packages and the device.
import type { CardInfoCore, FlowAnswer } from '@portal/contract';
import { CardState } from '@portal/contract/enums';
import { formatDateTime, formatKb, isVerified } from '@portal/domain';
import { daysLeft, EXPIRY_WARNING_DAYS } from '@portal/domain/validity';

type PackageUsage = NonNullable<FlowAnswer['package']>;

export type ReminderKind = 'cancelled' | 'stopped' | 'realName' | 'noPackage' | 'expiring' | 'dataOut' | 'dataLow' | 'offline';

export interface Reminder {
  kind: ReminderKind;
  level: 'danger' | 'warning';
  title: string;
  text: string;
  action: {
    text: string;
    to: string;
    /** the page works on the portal's current card: make the device's card current first */
    asCurrentCard?: boolean;
  };
}

export interface DeviceFacts {
  card: Pick<CardInfoCore, 'state' | 'supplier_auth_state'> & { card_extensions: Pick<CardInfoCore['card_extensions'], 'fake_real_name'> };
  /** the package in force (null: none) */
  pkg: Pick<PackageUsage, 'name' | 'total_kb' | 'remaining_kb' | 'expired_at' | 'valid_until'> | null;
  device: { online: boolean; online_changed_at: string; back_online_at?: string | null };
  /** the last day a package already bought and waiting (queued) after this one works; "" none */
  renewedUntil?: string;
  now: Date;
}

/**
 * The last day the packages already bought cover, read off the server's effects of the base
 * packages on offer: one that would queue starts the day after everything bought so far.
 */
export function renewedUntilOf(effects: readonly ({ kind: string; first_day: string } | null | undefined)[]): string {
  let last = '';
  for (const e of effects) {
    if (e?.kind !== 'queued' || !/^\d{4}-\d{2}-\d{2}$/.test(e.first_day)) continue;
    const day = new Date(Date.parse(`${e.first_day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    if (day > last) last = day;
  }
  return last;
}

const RENEW = { text: '去续订', to: '/cpe_combo' };
const BUY = { text: '订购套餐', to: '/cpe_combo' };
const SEE_DEVICE = { text: '查看设备', to: '/cpe' };

/** A tenth of the package left is "running out", as the home hint says. */
function runningLow(pkg: Pick<PackageUsage, 'total_kb' | 'remaining_kb'>): boolean {
  return pkg.total_kb > 0 && pkg.remaining_kb * 10 < pkg.total_kb;
}

export function deviceReminders({ card, pkg, device, renewedUntil = '', now }: DeviceFacts): Reminder[] {
  if (card.state === CardState.Cancelled) {
    return [
      {
        kind: 'cancelled',
        level: 'danger',
        title: '设备中的卡已销户',
        text: '该卡已无法继续使用，如有疑问请联系客服。',
        action: { text: '联系客服', to: '/customer?form=cpe_remind' },
      },
    ];
  }
  const out: Reminder[] = [];
  if (card.state === CardState.Stopped) {
    out.push({
      kind: 'stopped',
      level: 'danger',
      title: '设备中的卡已停机',
      text: '设备暂时无法上网，续订套餐或联系客服恢复使用。',
      action: RENEW,
    });
  }
  if (!isVerified(card.card_extensions.fake_real_name, card.supplier_auth_state)) {
    out.push({
      kind: 'realName',
      level: 'danger',
      title: '设备中的卡尚未实名认证',
      text: '根据工信部规定，物联网卡须由机主本人完成实名认证，未实名的卡可能被运营商限制使用或停机。',
      action: { text: '去实名', to: '/remind', asCurrentCard: true },
    });
  }
  if (!pkg) {
    out.push({
      kind: 'noPackage',
      level: 'danger',
      title: '暂无生效的套餐',
      text: '套餐已到期或尚未订购，订购后设备即可上网。',
      action: BUY,
    });
  } else {
    // a renewal already bought (queued after this package) pushes the day the device stops
    const renewed = renewedUntil > pkg.valid_until;
    const days = daysLeft(renewed ? renewedUntil : pkg.expired_at, now);
    if (days !== null && days <= EXPIRY_WARNING_DAYS) {
      out.push({
        kind: 'expiring',
        level: days <= 1 ? 'danger' : 'warning',
        title: days <= 0 ? '套餐今天到期' : `套餐还剩${days}天到期`,
        text: renewed
          ? `已订购的套餐有效期至 ${renewedUntil}，到期后设备将无法上网，请及时续订。`
          : `「${pkg.name}」有效期至 ${pkg.valid_until}，到期后设备将无法上网，请及时续订。`,
        action: RENEW,
      });
    }
    if (pkg.total_kb > 0 && pkg.remaining_kb <= 0) {
      out.push({
        kind: 'dataOut',
        level: 'danger',
        title: '套餐流量已用完',
        text: `「${pkg.name}」的流量已用完，订购后即可继续上网。`,
        action: RENEW,
      });
    } else if (card.state === CardState.ReachedDisconnect) {
      out.push({
        kind: 'dataOut',
        level: 'danger',
        title: '已达量断网',
        text: '本期流量已达上限，订购加油包或新套餐后恢复上网。',
        action: RENEW,
      });
    } else if (runningLow(pkg)) {
      out.push({
        kind: 'dataLow',
        level: 'warning',
        title: '流量即将用完',
        text: `「${pkg.name}」剩余流量不足10%（剩余${formatKb(pkg.remaining_kb)}），请注意用量或订购加油包。`,
        action: RENEW,
      });
    }
  }
  if (!device.online && !device.back_online_at) {
    out.push({
      kind: 'offline',
      level: 'warning',
      title: '设备已离线',
      text: `设备自 ${formatDateTime(device.online_changed_at)} 起未联网。请检查设备电源、电量和信号；离线期间的设置会在设备上线后生效。`,
      action: SEE_DEVICE,
    });
  }
  return out;
}
