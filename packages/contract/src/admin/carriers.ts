// Carrier platform accounts in the console (docs/decisions/0030): the platform
// administrator lists the accounts with their health, adds and edits them, disables and enables
// them, and tests the connection. Secrets are written, never read back: an answer says only which
// secret fields are set (已设置). Every change carries a reason and is audited without the secret.
// The platform kinds and their fields are the server's (integrations/carrier/kinds.ts): the form
// asks for them, and the server checks a body's fields against its kind.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { adminArea } from './define';
import { AdminReason } from './orders';

/** Where an account comes from: the built-in simulator (account 1), the console, or CARRIER_ACCOUNTS_FILE. */
export const CARRIER_ACCOUNT_SOURCES = ['builtin', 'console', 'file'] as const;
export type CarrierAccountSource = (typeof CARRIER_ACCOUNT_SOURCES)[number];
export const CARRIER_ACCOUNT_SOURCE_LABEL: Record<CarrierAccountSource, string> = {
  builtin: '内置模拟器',
  console: '后台添加',
  file: '配置文件',
};

/** An account's state as the list shows it: 已停用 before anything else, then 异常 (failing), else 正常. */
export const CARRIER_ACCOUNT_STATE_LABEL = { ok: '正常', failing: '异常', disabled: '已停用' } as const;
export type CarrierAccountState = keyof typeof CARRIER_ACCOUNT_STATE_LABEL;
export const carrierAccountStateOf = (a: { enabled: boolean; health: { failing: boolean } | null }): CarrierAccountState =>
  !a.enabled ? 'disabled' : a.health?.failing ? 'failing' : 'ok';

/**
 * An account's health in words (docs/decisions/0065), most urgent first: 已停用; 密钥被拒 (the
 * platform refused the credentials: nothing works until an operator fixes them); 暂停调用 (the
 * circuit is open after failures: calls wait until next_try_at); 异常 (failures and no complete
 * round for CARRIER_STALE_HOURS); 同步失败 (the last complete round read none of its due cards);
 * 尚未同步 (no complete round yet: a new account is not 正常 before it has read a card); 正常.
 */
export const CARRIER_HEALTH_STATE_LABEL = {
  disabled: '已停用',
  auth: '密钥被拒',
  resting: '暂停调用',
  failing: '异常',
  round_failed: '同步失败',
  never: '尚未同步',
  ok: '正常',
} as const;
export type CarrierHealthState = keyof typeof CARRIER_HEALTH_STATE_LABEL;
export const CARRIER_HEALTH_STATES = Object.keys(CARRIER_HEALTH_STATE_LABEL) as [CarrierHealthState, ...CarrierHealthState[]];

/** A card's figures older than this count as stale on the account's health (the sync engine reads every card at least hourly). */
export const CARRIER_STALE_HOURS = 2;

export const CarrierAccountName = z.string({ error: '请填写账号名称' }).trim().min(1, '请填写账号名称').max(40, '账号名称最多 40 个字');

/** The platform's address: empty for the kind's default, else http(s)://… */
export const CarrierBaseUrl = z
  .string({ error: '平台地址须为 http:// 或 https:// 开头的网址' })
  .trim()
  .max(300, '平台地址最多 300 个字符')
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(v), '平台地址须为 http:// 或 https:// 开头的网址');

/** The operator's own calls a second below the platform's; 0 = the platform's. */
export const CarrierCallsPerSecond = wholeNumber('每秒调用上限须为 0–1000 的整数（0 表示按平台上限）', { min: 0, max: 1000 });

/** The kind's fields by name (secrets among them); each checked against the kind on the server. */
const CarrierFieldValues = z.record(
  z.string().max(64, '字段名有误'),
  z.string({ error: '账号字段须为文字' }).max(2000, '账号字段最多 2000 个字符'),
  { error: '账号字段有误' },
);

const accountId = wholeNumber('运营商账号不存在', { min: 1 });
const carrierKindName = z.string({ error: '请选择平台类型' }).trim().min(1, '请选择平台类型').max(40, '平台类型有误');

export const CarrierKindField = z.object({
  name: z.string(),
  label: z.string(),
  /** sealed at rest, never answered back: the form's input is a password input, empty on edit */
  secret: z.boolean(),
  required: z.boolean(),
  /** allowed values, where the field is a choice; null: free text */
  choices: z.array(z.string()).nullable(),
});

export const CarrierKindRow = z.object({
  kind: z.string(),
  label: z.string(),
  /** 中国移动 / 中国联通 / 中国电信 */
  network_label: z.string(),
  default_base_url: z.string(),
  /** the platform's own calls a second per account (an account may set a lower one); null when it depends on the account's fields */
  platform_calls_per_second: z.number().int().nullable(),
  fields: z.array(CarrierKindField),
});
export type CarrierKindRow = z.infer<typeof CarrierKindRow>;

export const CarrierAccountHealth = z.object({
  /** the last round that read every due card of the account; null: none yet */
  last_round_at: z.string().nullable(),
  /** the cards read in that round */
  last_round_cards: z.number().int(),
  /** the cards whose read failed in that round */
  last_round_failed: z.number().int(),
  /** the account's cards that are not cancelled */
  cards: z.number().int(),
  /** of those, the ones whose figures are older than CARRIER_STALE_HOURS (or never read) */
  stale_cards: z.number().int(),
  calls_ok: z.number().int(),
  calls_failed: z.number().int(),
  /** calls_failed / all calls, 0–1; null before any call */
  error_rate: z.number().nullable(),
  /** calls a second the sync engine keeps to: the account's own figure or the platform's; null when the account's fields cannot build its adapter */
  limit_per_second: z.number().int().nullable(),
  platform_limit_per_second: z.number().int().nullable(),
  /** account-level failures in a row */
  failures: z.number().int(),
  /** the circuit is open now: calls fail at once until circuit_open_until */
  circuit_open: z.boolean(),
  circuit_open_until: z.string().nullable(),
  /** the last account-level failure, as the sync engine logged it ('' none): for support, not for the page */
  last_error: z.string(),
  /** its kind: 'auth', 'unavailable', 'malformed' ('' none) */
  last_error_kind: z.string(),
  /** the state, most urgent first (CARRIER_HEALTH_STATE_LABEL) */
  state: z.enum(CARRIER_HEALTH_STATES),
  state_label: z.string(),
  /** what the state means and what to do, in words, times in Beijing time ('' when 正常) */
  state_detail: z.string(),
  /** when a resting account is called again (the circuit closes); null when it is not resting */
  next_try_at: z.string().nullable(),
  /** the circuit is open, or failures with no complete round in the last CARRIER_STALE_HOURS */
  failing: z.boolean(),
});
export type CarrierAccountHealth = z.infer<typeof CarrierAccountHealth>;

export const CarrierAccountRow = z.object({
  id: z.number().int(),
  name: z.string(),
  carrier: z.string(),
  carrier_label: z.string(),
  base_url: z.string(),
  source: z.enum(CARRIER_ACCOUNT_SOURCES),
  source_label: z.string(),
  enabled: z.boolean(),
  /** only accounts added in the console are edited here (the simulator is built in; a file's account is the file's) */
  editable: z.boolean(),
  /** every account but the simulator may be disabled (a file's account: until the next start puts the file's setting back) */
  can_disable: z.boolean(),
  calls_per_second: z.number().int(),
  /** the values of the kind's fields that are not secret */
  settings: z.record(z.string(), z.string()),
  /** the names of the secret fields that hold a value (shown as 已设置; the values never leave the server) */
  secrets_set: z.array(z.string()),
  /** null for the simulator, which the sync engine does not read */
  health: CarrierAccountHealth.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CarrierAccountRow = z.infer<typeof CarrierAccountRow>;

export const CarrierAccountCreateBody = z.object({
  name: CarrierAccountName,
  carrier: carrierKindName,
  base_url: CarrierBaseUrl.default(''),
  calls_per_second: CarrierCallsPerSecond.default(0),
  fields: CarrierFieldValues.default({}),
  /** save although the last 测试连接 of exactly these fields failed (docs/decisions/0071); without it such a save is refused */
  confirm_failed_test: z.boolean({ error: '测试未通过仍保存的确认有误' }).default(false),
  reason: AdminReason,
});

/** An edit: a secret field left empty (or absent) keeps the stored value; the platform kind does not change. */
export const CarrierAccountUpdateBody = z.object({
  id: accountId,
  name: CarrierAccountName,
  base_url: CarrierBaseUrl.default(''),
  calls_per_second: CarrierCallsPerSecond.default(0),
  fields: CarrierFieldValues.default({}),
  /** save although the last 测试连接 of exactly these fields failed (docs/decisions/0071); without it such a save is refused */
  confirm_failed_test: z.boolean({ error: '测试未通过仍保存的确认有误' }).default(false),
  reason: AdminReason,
});

/**
 * 测试连接: a stored account (id), optionally with the form's unsaved fields over it (a secret left
 * empty keeps the stored one — at the stored address only: another address needs every secret
 * typed), or a new account's fields (carrier, base_url, fields) before saving.
 */
export const CarrierAccountTestBody = z
  .object({
    id: accountId.nullable().default(null),
    carrier: carrierKindName.optional(),
    base_url: CarrierBaseUrl.optional(),
    fields: CarrierFieldValues.optional(),
  })
  .refine((b) => b.id !== null || b.carrier !== undefined, { message: '请选择平台类型', path: ['carrier'] });

export const CarrierTestResult = z.object({
  ok: z.boolean(),
  /**
   * what happened, in words an operator can act on (never the secret, never a trace); nothing more:
   * a kind of failure and a time taken would make the test a probe of what answers where
   * (docs/decisions/0057)
   */
  message: z.string(),
});
export type CarrierTestResult = z.infer<typeof CarrierTestResult>;

export const adminCarrierEndpoints = adminArea({
  adminCarrierAccountList: {
    route: 'GET /admin/carrier-accounts',
    access: 'carriers.manage',
    tags: ['admin carriers'],
    summary:
      '运营商账号列表与健康状况：每个账号的卡数、最近完整同步（读取与失败张数）、超过 2 小时未更新的卡、错误率、调用上限、状态与说明、暂停调用时的下次重试时间（不含密钥）',
    answer: z.object({ items: z.array(CarrierAccountRow) }),
  },
  adminCarrierKinds: {
    route: 'GET /admin/carrier-accounts/kinds',
    access: 'carriers.manage',
    tags: ['admin carriers'],
    summary: '可添加的运营商平台类型及其账号字段（表单用）',
    answer: z.object({ items: z.array(CarrierKindRow) }),
  },
  adminCarrierAccountCreate: {
    route: 'POST /admin/carrier-accounts/create',
    access: 'carriers.manage',
    tags: ['admin carriers'],
    summary: '新建运营商账号（密钥加密保存，此后不再显示）',
    body: CarrierAccountCreateBody,
    answer: CarrierAccountRow,
  },
  adminCarrierAccountUpdate: {
    route: 'POST /admin/carrier-accounts/update',
    access: 'carriers.manage',
    tags: ['admin carriers'],
    summary: '修改运营商账号（密钥留空则不修改；内置模拟器与配置文件中的账号不可在此修改）',
    body: CarrierAccountUpdateBody,
    answer: CarrierAccountRow,
  },
  adminCarrierAccountSetEnabled: {
    route: 'POST /admin/carrier-accounts/enabled',
    access: 'carriers.manage',
    tags: ['admin carriers'],
    summary: '停用或启用运营商账号（停用后不再同步、不再调用该平台）',
    body: z.object({ id: accountId, enabled: z.boolean({ error: '请选择停用或启用' }), reason: AdminReason }),
    answer: CarrierAccountRow,
  },
  adminCarrierAccountTest: {
    route: 'POST /admin/carrier-accounts/test',
    // 测試连接 reads the account and makes one harmless call to the carrier's platform: it writes nothing of the account, only
    // its outcome's mark for the save that follows (docs/decisions/0071), and a second test is a second look
    writes: false,
    access: 'carriers.manage',
    tags: ['admin carriers'],
    summary: '测试连接：用已保存或表单中尚未保存的账号字段调用平台一次（限时），返回可据以处理的结果',
    body: CarrierAccountTestBody,
    answer: CarrierTestResult,
  },
});
