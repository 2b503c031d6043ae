// 运营商账号's form and figures, as pure rules: which fields a platform kind asks for, the form's
// starting values (a secret is never known here: its input starts empty and says 已设置), the
// requests built from the form, and how the health figures read.
import {
  CARRIER_ACCOUNT_STATE_LABEL,
  CARRIER_HEALTH_STATE_LABEL,
  type AdminInputOf,
  type CarrierAccountHealth,
  type CarrierAccountRow,
  type CarrierKindRow,
} from '@portal/contract/admin';
import { chinaTime } from '../../../lib/format';
import { labelled } from '../../../lib/labels';

export interface AccountFormValues {
  name: string;
  carrier: string;
  base_url?: string;
  calls_per_second?: number | null;
  /** the kind's fields by name; a secret's input starts empty */
  fields?: Record<string, string | undefined>;
  reason: string;
  /** the operator answered 仍然保存 after a failed 测试连接 (not a form field: the question's answer) */
  confirm_failed_test?: boolean;
}

/** 正常 / 异常 / 已停用: the contract's words, the console's colours. */
export const ACCOUNT_STATES = labelled(CARRIER_ACCOUNT_STATE_LABEL, { ok: 'green', failing: 'red', disabled: 'default' });

/** An account's health state in the contract's words, the console's colours (most urgent first). */
export const HEALTH_STATES = labelled(CARRIER_HEALTH_STATE_LABEL, {
  disabled: 'default',
  auth: 'red',
  resting: 'orange',
  failing: 'red',
  round_failed: 'red',
  never: 'blue',
  ok: 'green',
});

/**
 * 最近完整同步 in one line: when (Beijing time) and what it read — 读取 12 张，失败 3 张 — so a
 * round that read nothing never reads as a success; 尚未同步 before the first.
 */
export function roundText(h: Pick<CarrierAccountHealth, 'last_round_at' | 'last_round_cards' | 'last_round_failed'>): string {
  if (!h.last_round_at) return '尚未同步';
  const failed = h.last_round_failed > 0 ? `，失败 ${h.last_round_failed} 张` : '';
  return `${chinaTime(h.last_round_at)}（读取 ${h.last_round_cards} 张${failed}）`;
}

/** The form's starting values: an account's name, address, limit and non-secret fields; every secret empty. */
export function initialValues(account: CarrierAccountRow | null): Partial<AccountFormValues> {
  if (!account) return { calls_per_second: 0, fields: {} };
  return {
    name: account.name,
    carrier: account.carrier,
    base_url: account.base_url,
    calls_per_second: account.calls_per_second,
    fields: { ...account.settings },
  };
}

/** A secret the account already holds: its input may stay empty (the stored value is kept). */
export const secretKept = (account: CarrierAccountRow | null, field: { name: string; secret: boolean }): boolean =>
  !!account && field.secret && account.secrets_set.includes(field.name);

/** Whether the form must have the field: required by the kind, unless it is a secret already set. */
export const fieldRequired = (account: CarrierAccountRow | null, field: CarrierKindRow['fields'][number]): boolean =>
  field.required && !secretKept(account, field);

/** The kind's fields of the form, trimmed ('' for a field left empty: a secret left empty keeps the stored one). */
export function fieldsOf(kind: CarrierKindRow, values: AccountFormValues['fields']): Record<string, string> {
  return Object.fromEntries(kind.fields.map((f) => [f.name, (values?.[f.name] ?? '').trim()]));
}

export function toCreateBody(kind: CarrierKindRow, v: AccountFormValues): AdminInputOf<'adminCarrierAccountCreate'> {
  return {
    name: v.name.trim(),
    carrier: kind.kind,
    base_url: (v.base_url ?? '').trim(),
    calls_per_second: v.calls_per_second ?? 0,
    fields: fieldsOf(kind, v.fields),
    reason: v.reason.trim(),
    // the server refuses a save of fields whose last test failed unless told (docs/decisions/0071)
    confirm_failed_test: v.confirm_failed_test === true,
  };
}

export function toUpdateBody(
  account: CarrierAccountRow,
  kind: CarrierKindRow,
  v: AccountFormValues,
): AdminInputOf<'adminCarrierAccountUpdate'> {
  const { carrier: _carrier, ...body } = toCreateBody(kind, v);
  return { ...body, id: account.id };
}

/** 测试连接 with what the form holds now: an account's stored fields under the form's, or a new account's. */
export function toTestBody(
  account: CarrierAccountRow | null,
  kind: CarrierKindRow,
  v: Partial<AccountFormValues>,
): AdminInputOf<'adminCarrierAccountTest'> {
  const common = { base_url: (v.base_url ?? '').trim(), fields: fieldsOf(kind, v.fields) };
  return account ? { id: account.id, ...common } : { carrier: kind.kind, ...common };
}

/** 2.5% (one decimal below 10 %), '—' before any call. */
export function errorRateText(rate: number | null): string {
  if (rate === null) return '—';
  const pct = rate * 100;
  return `${pct < 10 && pct > 0 ? pct.toFixed(1) : Math.round(pct)}%`;
}

/** 5 次/秒, or 2 次/秒（平台 5）when the account keeps below the platform. */
export function limitText(h: { limit_per_second: number | null; platform_limit_per_second: number | null }): string {
  if (h.limit_per_second === null) return '—';
  return h.platform_limit_per_second !== null && h.platform_limit_per_second !== h.limit_per_second
    ? `${h.limit_per_second} 次/秒（平台 ${h.platform_limit_per_second}）`
    : `${h.limit_per_second} 次/秒`;
}

/** 每秒调用上限's hint: what 0 means for this kind. */
export function limitHint(kind: CarrierKindRow | undefined): string {
  const platform = kind?.platform_calls_per_second;
  return platform ? `0 表示按平台上限（${platform} 次/秒）；可设更低的值，最多 1000` : '0 表示按平台上限；可设更低的值，最多 1000';
}
