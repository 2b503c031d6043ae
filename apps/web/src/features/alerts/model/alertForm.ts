// The settings form: what the owner types, checked by the same rule the server applies
// (@portal/domain alertChoiceProblem), so a bad value is named at the form before any call.
import type { AlertSetting, AlertSettingRequest } from '@portal/contract';
import { alertChoiceProblem, type ThresholdUnit } from '@portal/domain';

export interface AlertForm {
  data_alert: boolean;
  threshold_unit: ThresholdUnit;
  /** as typed */
  threshold_value: string;
  expiry_alert: boolean;
  expiry_days: number;
  auto_renew: boolean;
  /** the channels besides home (docs/decisions/0038) */
  channel_sms: boolean;
  channel_mp: boolean;
}

export const EXPIRY_DAY_CHOICES = [1, 3, 5, 7, 15, 30] as const;

export function formOf(s: AlertSetting): AlertForm {
  return {
    data_alert: s.data_alert,
    threshold_unit: s.threshold_unit,
    threshold_value: String(s.threshold_value),
    expiry_alert: s.expiry_alert,
    expiry_days: s.expiry_days,
    auto_renew: s.auto_renew,
    channel_sms: s.channel_sms,
    channel_mp: s.channel_mp,
  };
}

/** The request, or the first problem in words. */
export function requestOf(
  customNum: string,
  f: AlertForm,
  /** the channels the page offers as switches; the others are left as saved */
  offered: { sms: boolean; mp: boolean } = { sms: true, mp: true },
): { request: AlertSettingRequest } | { problem: string } {
  const raw = f.threshold_value.trim();
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  const { channel_sms, channel_mp, ...rest } = f;
  const choice = { ...rest, threshold_value: value };
  if (Number.isNaN(value)) return { problem: f.threshold_unit === 'percent' ? '请填写剩余流量比例' : '请填写剩余流量（单位MB）' };
  const problem = alertChoiceProblem(choice);
  if (problem) return { problem };
  // a channel the page does not offer as a switch (no mobile; the official account not bound) is left as saved
  return {
    request: {
      custom_num: customNum,
      ...choice,
      ...(offered.sms ? { channel_sms } : {}),
      ...(offered.mp ? { channel_mp } : {}),
    },
  };
}
