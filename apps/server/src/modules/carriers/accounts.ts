// Managing carrier accounts from the console (docs/decisions/0030): the accounts with their health, the
// platform kinds and their fields, create, edit, enable/disable and "test connection". The console
// area (modules/admin/carriers) serves these behind the platform administrator's permission and
// writes each change's audit row in the same transaction; this module owns the table and the rules.
//   - secrets go in and never come out: an answer names the secret fields that are set, an audit
//     snapshot names the ones that changed; nothing here logs a field's value;
//   - a body's fields are checked against its kind (known, required, choices) and then by building
//     the kind's adapter from them, which checks what only the kind knows (no call is made);
//   - a stored secret goes only to the stored address (docs/decisions/0057): a test or an edit with
//     another address uses only the secrets typed with it, and an address the console points an
//     account at passes the deployment's rule (./address.ts: https, no internal address in production);
//   - account 1 (the simulator) is shown, never changed; an account from CARRIER_ACCOUNTS_FILE is
//     the file's: it may be disabled here (until the next start writes the file's setting back),
//     its fields are changed in the file.
import { CARRIER_LABEL } from '@portal/contract/enums';
import { Code } from '@portal/contract/codes';
import {
  CARRIER_ACCOUNT_SOURCE_LABEL,
  type AdminBodyOf,
  type CarrierAccountRow,
  type CarrierAccountSource,
  type CarrierKindRow,
  type CarrierTestResult,
} from '@portal/contract/admin';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { CarrierError, type CarrierAdapter, type CarrierKind } from '../../integrations/carrier/adapter';
import { BaseUrlError, basePathProblem } from '../../integrations/carrier/baseUrl';
import { CARRIER_KINDS, SIMULATOR_ACCOUNT_ID, carrierKind } from '../../integrations/carrier/kinds';
import { fetchTransport, type HttpTransport } from '../../integrations/http/transport';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { personalData } from '../../lib/personalData';
import { addressProblem } from './address';
import { AccountAdapters } from './adapters';
import { AccountsCarrierGateway } from './gateway';
import { healthOf, staleBefore, type Limits } from './health';
import * as repo from './repo';
import { FAILED_TEST_REFUSAL, lastTestFailed, noteTest, testedKey, type TestedFields } from './testOutcome';

/** The longest a connection test may take, all calls included (the console's client gives up at 20 s). */
export const TEST_LIMIT_MS = 10_000;

/** What the audit log keeps of an account: never a secret's value, only which secrets are set. */
export interface AccountAuditView {
  name: string;
  carrier: string;
  base_url: string;
  enabled: boolean;
  calls_per_second: number;
  /** the fields that are not secret */
  settings: Record<string, string>;
  /** the names of the secret fields that hold a value */
  secrets_set: string[];
}

export interface AccountChange {
  id: number;
  before?: AccountAuditView;
  /** after an edit also `credentials_changed`: the names of the secret fields given a new value */
  after: AccountAuditView & { credentials_changed?: string[] };
}

const SOURCES = Object.keys(CARRIER_ACCOUNT_SOURCE_LABEL) as CarrierAccountSource[];
const sourceOf = (s: string): CarrierAccountSource =>
  SOURCES.includes(s as CarrierAccountSource) ? (s as CarrierAccountSource) : 'console';

const bad = (message: string) => new AppError(Code.BAD_REQUEST, message);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

const NAME_TAKEN = '账号名称已被使用';

/**
 * The address the adapter is built with: the operator's, else the kind's default; no trailing
 * slash. It is the platform's documented base, path included (integrations/carrier/baseUrl.ts): an
 * address that doubles the documented prefix, stops short of it or reaches into a call is refused
 * (400) with the form to write.
 */
function baseUrlOf(kind: CarrierKind, given: string): string {
  const url = (given.trim() || kind.defaultBaseUrl).replace(/\/+$/, '');
  const problem = basePathProblem(kind, url);
  if (problem) throw bad(problem);
  return url;
}

/**
 * A kind's error from building its adapter (its own checks of the fields), in words: the field it
 * names, by its label. The adapters' messages are for logs (English, the account's name); none
 * carries a value.
 */
function settingsProblem(kind: CarrierKind, err: unknown): string {
  // a kind's own words for an address among its fields (Jasper's CMP address)
  if (err instanceof BaseUrlError) return err.message;
  const text = err instanceof Error ? err.message : '';
  const named = [...kind.fields]
    .sort((a, b) => b.name.length - a.name.length)
    .find((f) => new RegExp(`(^|[^a-z_])${f.name}([^a-z_]|$)`, 'i').test(text));
  return named ? `「${named.label}」不符合${kind.label}的要求，请核对后重试` : `账号字段不符合${kind.label}的要求，请核对后重试`;
}

/** Building an adapter makes no call: it checks the fields and answers the platform's limits. */
function build(kind: CarrierKind, name: string, baseUrl: string, credentials: Record<string, string>, transport: HttpTransport) {
  return kind.create({ name, baseUrl, credentials }, transport);
}

/** The platform's own calls a second, from an adapter built on placeholder fields (null when the kind will not build one). */
function platformLimitOf(kind: CarrierKind, transport: HttpTransport): number | null {
  const placeholder = Object.fromEntries(kind.fields.filter((f) => f.required || f.choices).map((f) => [f.name, f.choices?.[0] ?? '0']));
  try {
    return build(kind, 'kinds', kind.defaultBaseUrl, placeholder, transport).limits.callsPerSecond;
  } catch {
    return null;
  }
}

/**
 * With a changed address, the secrets stored for the old one are not sent: each stored secret must
 * be typed again (400 naming them, before anything is called or written).
 */
function assertSecretsRetyped(kind: CarrierKind, given: Record<string, string>, stored: Record<string, string>): void {
  const missing = kind.fields.filter((f) => f.secret && stored[f.name] && !(given[f.name] ?? '').trim()).map((f) => f.label);
  if (missing.length > 0) throw bad(`平台地址已修改：请重新填写${missing.join('、')}（已保存的密钥只发往已保存的地址）`);
}

/** What an operator can do about a failed test, by the kind of failure (never the platform's text: it may echo what we sent). */
function testMessage(kind: CarrierKind, err: unknown): { kind: string; message: string } {
  if (!(err instanceof CarrierError)) return { kind: 'unavailable', message: '测试失败：平台没有按预期应答，请稍后再试' };
  const code = err.code ? `（平台代码 ${err.code}）` : '';
  const credentialLabels = kind.fields.filter((f) => f.required).map((f) => f.label);
  switch (err.kind) {
    case 'auth':
      return { kind: 'auth', message: `账号或密钥错误${code}：请核对${credentialLabels.join('、')}` };
    case 'unavailable':
      return { kind: 'unavailable', message: `无法连接平台（超时或服务不可用）${code}：请检查平台地址与网络，或稍后再试` };
    case 'rate':
      return { kind: 'rate', message: `平台限流${code}：调用过于频繁，请稍后再试` };
    case 'malformed':
      return { kind: 'malformed', message: `平台返回了无法识别的内容${code}：请确认平台地址是${kind.label}的接口地址` };
    case 'line':
      return { kind: 'line', message: `平台拒绝了测试查询${code}：请确认该账号已开通接口权限` };
    case 'unsupported':
      return { kind: 'unsupported', message: '该平台不支持连接测试' };
  }
}

export class CarrierAccountsAdmin {
  private readonly adapters: AccountAdapters;
  private readonly transport: HttpTransport;

  constructor(private readonly ctx: AppContext) {
    // no redirects: the address checked is the address called
    this.transport = fetchTransport(Math.min(ctx.config.carrierTimeoutMs, TEST_LIMIT_MS), { followRedirects: false });
    // the gateway's own (its adapters are cached per account); a server built with another carrier gateway gets its own
    this.adapters =
      ctx.carrier instanceof AccountsCarrierGateway ? ctx.carrier.adapters : new AccountAdapters(personalData(ctx.config), this.transport);
  }

  /**
   * One change and its audit row, together or not at all: `work` gets the transaction. Two
   * operators giving two accounts the same name at once: the second is refused by the unique index.
   */
  async inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.kysely.transaction().execute(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw bad(NAME_TAKEN);
      throw err;
    }
  }

  kinds(): CarrierKindRow[] {
    return CARRIER_KINDS.map((k) => ({
      kind: k.kind,
      label: k.label,
      network_label: CARRIER_LABEL[k.network] ?? '',
      default_base_url: k.defaultBaseUrl,
      platform_calls_per_second: platformLimitOf(k, this.transport),
      fields: k.fields.map((f) => ({
        name: f.name,
        label: f.label,
        secret: f.secret,
        required: f.required,
        choices: f.choices ? [...f.choices] : null,
      })),
    }));
  }

  /** Every account with its health, oldest first (the simulator is row 1). */
  async list(): Promise<CarrierAccountRow[]> {
    const db = this.ctx.db.kysely;
    const now = clock.now();
    const [accounts, counts] = await Promise.all([repo.listAccounts(db), repo.cardCounts(db, staleBefore(now))]);
    return accounts.map((a) => this.rowOf(a, counts.get(a.id), now));
  }

  async row(id: number): Promise<CarrierAccountRow> {
    const row = (await this.list()).find((a) => a.id === id);
    if (!row) throw new AppError(Code.NOT_FOUND, '运营商账号不存在');
    return row;
  }

  private credentialsOf(a: repo.CarrierAccount): Record<string, string> | null {
    try {
      return this.adapters.credentialsOf(a);
    } catch {
      // sealed under another key (PERSONAL_DATA_KEY changed): shown as nothing set
      return null;
    }
  }

  private limitsOf(a: repo.CarrierAccount): Limits | null {
    try {
      const guarded = this.adapters.guarded(a);
      return { effective: guarded.callsPerSecond, platform: this.adapters.adapterOf(a).limits.callsPerSecond };
    } catch {
      return null;
    }
  }

  private rowOf(a: repo.CarrierAccount, counts: Parameters<typeof healthOf>[1], now: Date): CarrierAccountRow {
    const builtin = a.id === SIMULATOR_ACCOUNT_ID;
    const kind = carrierKind(a.carrier);
    const source = builtin ? 'builtin' : sourceOf(a.source);
    const view = kind ? this.viewOf(kind, a, this.credentialsOf(a) ?? {}) : null;
    return {
      id: a.id,
      name: a.name,
      carrier: a.carrier,
      carrier_label: builtin ? '运营商模拟器' : (kind?.label ?? a.carrier),
      base_url: a.base_url,
      source,
      source_label: CARRIER_ACCOUNT_SOURCE_LABEL[source],
      enabled: a.enabled === 1,
      editable: source === 'console',
      can_disable: source !== 'builtin',
      calls_per_second: a.calls_per_second,
      settings: view?.settings ?? {},
      secrets_set: view?.secrets_set ?? [],
      health: builtin ? null : healthOf(a, counts, kind ? this.limitsOf(a) : null, now),
      created_at: a.created_at,
      updated_at: a.updated_at,
    };
  }

  private viewOf(
    kind: CarrierKind,
    a: Pick<repo.CarrierAccount, 'name' | 'carrier' | 'base_url' | 'enabled' | 'calls_per_second'>,
    credentials: Record<string, string>,
  ): AccountAuditView {
    return {
      name: a.name,
      carrier: a.carrier,
      base_url: a.base_url,
      enabled: a.enabled === 1,
      calls_per_second: a.calls_per_second,
      settings: Object.fromEntries(kind.fields.filter((f) => !f.secret && credentials[f.name]).map((f) => [f.name, credentials[f.name]!])),
      secrets_set: kind.fields.filter((f) => f.secret && credentials[f.name]).map((f) => f.name),
    };
  }

  /**
   * A body's fields checked against the kind: none unknown, the required ones given, choices kept.
   * A secret left empty keeps `stored`'s value; any other field left empty is cleared.
   */
  private fieldsOf(kind: CarrierKind, given: Record<string, string>, stored: Record<string, string> | null): Record<string, string> {
    for (const key of Object.keys(given)) if (!kind.fields.some((f) => f.name === key)) throw bad(`「${key}」不是${kind.label}账号的字段`);
    const out: Record<string, string> = {};
    for (const f of kind.fields) {
      const value = (given[f.name] ?? '').trim();
      if (value === '') {
        if (f.secret && stored?.[f.name]) out[f.name] = stored[f.name]!;
        else if (f.required) throw bad(`请填写${f.label}`);
        continue;
      }
      if (f.choices && !f.choices.includes(value)) throw bad(`${f.label}须为 ${f.choices.join('、')} 之一`);
      out[f.name] = value;
    }
    return out;
  }

  /** The kind's own checks of the fields (building the adapter calls nothing). */
  private assertBuilds(kind: CarrierKind, name: string, baseUrl: string, credentials: Record<string, string>): void {
    try {
      build(kind, name, baseUrl, credentials, this.transport);
    } catch (err) {
      throw bad(settingsProblem(kind, err));
    }
  }

  /** The deployment's rule for where an account may point (./address.ts); 400 in words when it may not. */
  private async assertAddress(baseUrl: string): Promise<void> {
    const problem = await addressProblem(baseUrl, this.ctx.config.carrierAddresses);
    if (problem) throw bad(problem);
  }

  private testedKey(fields: TestedFields): string {
    return testedKey(this.ctx.config.personalDataKey, fields);
  }

  /** A save of fields whose last 测试连接 failed goes only when the request confirms it (docs/decisions/0071). */
  private async assertTestNotFailed(trx: Executor, fields: TestedFields, confirmed: boolean): Promise<void> {
    if (confirmed) return;
    if (await lastTestFailed(trx, this.testedKey(fields))) throw new AppError(Code.CARRIER_TEST_FAILED_NEEDS_CONFIRM, FAILED_TEST_REFUSAL);
  }

  private kindOf(carrier: string): CarrierKind {
    const kind = carrierKind(carrier);
    if (!kind) throw bad(`平台类型须为 ${CARRIER_KINDS.map((k) => k.label).join('、')} 之一`);
    return kind;
  }

  private async existing(db: Executor, id: number): Promise<repo.CarrierAccount> {
    const a = await repo.accountById(db, id);
    if (!a) throw new AppError(Code.NOT_FOUND, '运营商账号不存在');
    return a;
  }

  /** Checks the new account and writes it in `trx` (the caller records the audit row in the same transaction). */
  async create(trx: Executor, body: AdminBodyOf<'adminCarrierAccountCreate'>): Promise<AccountChange> {
    const kind = this.kindOf(body.carrier);
    const credentials = this.fieldsOf(kind, body.fields, null);
    const baseUrl = baseUrlOf(kind, body.base_url);
    this.assertBuilds(kind, body.name, baseUrl, credentials);
    await this.assertAddress(baseUrl);
    if (await repo.accountByName(trx, body.name)) throw bad(NAME_TAKEN);
    await this.assertTestNotFailed(trx, { account: null, kind: kind.kind, baseUrl, credentials }, body.confirm_failed_test);
    const fields = {
      name: body.name,
      carrier: kind.kind,
      base_url: baseUrl,
      credentials: this.adapters.sealCredentials(credentials),
      enabled: 1,
      calls_per_second: body.calls_per_second,
    };
    const id = await repo.insertAccount(trx, { ...fields, source: 'console' }, clock.iso());
    return { id, after: this.viewOf(kind, fields, credentials) };
  }

  /** Checks the edit and writes it in `trx`; refuses the simulator, a file's account and an edit that changes nothing. */
  async update(trx: Executor, body: AdminBodyOf<'adminCarrierAccountUpdate'>): Promise<AccountChange> {
    const a = await this.existing(trx, body.id);
    if (a.id === SIMULATOR_ACCOUNT_ID) throw bad('内置模拟器账号不可修改');
    if (a.source === 'file') throw bad('该账号来自配置文件（CARRIER_ACCOUNTS_FILE），请修改配置文件后重启服务');
    const kind = this.kindOf(a.carrier);
    const stored = this.credentialsOf(a) ?? {};
    const baseUrl = baseUrlOf(kind, body.base_url);
    const moved = baseUrl !== (a.base_url || kind.defaultBaseUrl);
    if (moved) assertSecretsRetyped(kind, body.fields, stored);
    const credentials = this.fieldsOf(kind, body.fields, moved ? null : stored);
    this.assertBuilds(kind, body.name, baseUrl, credentials);
    if (moved) await this.assertAddress(baseUrl);
    if (body.name !== a.name) {
      const other = await repo.accountByName(trx, body.name);
      if (other && other.id !== a.id) throw bad(NAME_TAKEN);
    }
    const names = new Set([...Object.keys(stored), ...Object.keys(credentials)]);
    const changedFields = [...names].filter((n) => (stored[n] ?? '') !== (credentials[n] ?? ''));
    const connectionChanged = changedFields.length > 0 || baseUrl !== a.base_url;
    if (!connectionChanged && body.name === a.name && body.calls_per_second === a.calls_per_second) throw bad('没有修改任何内容');
    await this.assertTestNotFailed(trx, { account: a.id, kind: kind.kind, baseUrl, credentials }, body.confirm_failed_test);
    const fields = {
      name: body.name,
      base_url: baseUrl,
      calls_per_second: body.calls_per_second,
      ...(changedFields.length > 0 ? { credentials: this.adapters.sealCredentials(credentials) } : {}),
    };
    await repo.updateAccount(trx, a.id, fields, clock.iso());
    if (connectionChanged) await repo.clearHealth(trx, a.id);
    const secretNames = new Set(kind.fields.filter((f) => f.secret).map((f) => f.name));
    return {
      id: a.id,
      before: this.viewOf(kind, a, stored),
      after: {
        ...this.viewOf(kind, { ...a, ...fields }, credentials),
        credentials_changed: changedFields.filter((n) => secretNames.has(n)),
      },
    };
  }

  /** Disables or enables an account in `trx`; the simulator stays on. Enabling clears the old failures. */
  async setEnabled(trx: Executor, body: AdminBodyOf<'adminCarrierAccountSetEnabled'>): Promise<AccountChange> {
    const a = await this.existing(trx, body.id);
    if (a.id === SIMULATOR_ACCOUNT_ID) throw bad('内置模拟器账号不能停用');
    if ((a.enabled === 1) === body.enabled) throw bad(body.enabled ? '该账号已是启用状态' : '该账号已停用');
    const before = this.viewOf(this.kindOf(a.carrier), a, this.credentialsOf(a) ?? {});
    await repo.updateAccount(trx, a.id, { enabled: body.enabled ? 1 : 0 }, clock.iso());
    if (body.enabled) await repo.clearHealth(trx, a.id);
    return { id: a.id, before, after: { ...before, enabled: body.enabled } };
  }

  /**
   * 测试连接: one cheap authenticated call (the adapter's ping) within TEST_LIMIT_MS, with the stored
   * fields of account `id` (the body's unsaved ones over them) or a new account's. Bad input is
   * refused (400); what the platform answers is a result, with what to do about it — in words only:
   * the kind of failure and the time taken stay in the log, since together they tell a caller what
   * answers at an address (a probe of the server's network).
   * Another address than the stored one gets only the secrets typed in this request, and passes
   * the address rule like a saved one.
   */
  async test(body: AdminBodyOf<'adminCarrierAccountTest'>): Promise<CarrierTestResult> {
    let kind: CarrierKind;
    let name: string;
    let baseUrl: string;
    let credentials: Record<string, string>;
    let account: number | null = null;
    if (body.id !== null) {
      const a = await this.existing(this.ctx.db.kysely, body.id);
      if (a.id === SIMULATOR_ACCOUNT_ID) throw bad('内置模拟器无需测试连接');
      kind = this.kindOf(a.carrier);
      if (body.carrier !== undefined && body.carrier !== a.carrier) throw bad('账号的平台类型不可修改');
      const stored = this.credentialsOf(a) ?? {};
      const home = a.base_url || kind.defaultBaseUrl;
      baseUrl = body.base_url !== undefined ? baseUrlOf(kind, body.base_url) : home;
      if (baseUrl !== home) {
        assertSecretsRetyped(kind, body.fields ?? {}, stored);
        credentials = this.fieldsOf(kind, body.fields ?? {}, null);
        await this.assertAddress(baseUrl);
      } else {
        credentials = body.fields ? this.fieldsOf(kind, body.fields, stored) : stored;
      }
      name = a.name;
      account = a.id;
    } else {
      kind = this.kindOf(body.carrier ?? '');
      credentials = this.fieldsOf(kind, body.fields ?? {}, null);
      baseUrl = baseUrlOf(kind, body.base_url ?? '');
      await this.assertAddress(baseUrl);
      name = 'connection-test';
    }
    const started = Date.now();
    const key = this.testedKey({ account, kind: kind.kind, baseUrl, credentials });
    const done = async (ok: boolean, message: string, errorKind: string | null): Promise<CarrierTestResult> => {
      this.ctx.log.info(
        { carrier: kind.kind, account: name, ok, error_kind: errorKind, elapsed_ms: Date.now() - started },
        'carrier connection test',
      );
      // kept for the save that follows: a save of these fields after a failure asks first
      await noteTest(this.ctx.db.kysely, key, ok);
      return { ok, message };
    };
    let adapter: CarrierAdapter;
    try {
      adapter = build(kind, name, baseUrl, credentials, this.transport);
    } catch (err) {
      return done(false, settingsProblem(kind, err), 'settings');
    }
    try {
      await withinLimit(adapter.ping(), TEST_LIMIT_MS);
      return done(true, `连接成功：${kind.label}接受了该账号`, null);
    } catch (err) {
      const r = testMessage(kind, err);
      return done(false, r.message, r.kind);
    }
  }
}

/** `work`, or CarrierError 'unavailable' once `ms` have passed (the call is left to end on its own). */
async function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CarrierError('unavailable', `no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}
