// China Unicom through its Jasper Control Center REST API (Cisco IoT Control Center): one API user
// (user name + API key) of one enterprise account. What the REST API can and cannot say:
//   - state: Get Device Details' `status` (ACTIVATED, DEACTIVATED, …); no stop reason.
//   - usage: Get Device Usage's ctdDataUsage, bytes of the BILLING CYCLE (from the 27th for Unicom),
//     not the calendar month adapter.ts asks for (see monthUsage).
//   - the card test: Get Session Details (an open data session, its IP); `registered` follows from
//     the status; the expected APN is not known (the communication plan holds it, not this API).
//   - a day's usage and real-name: the REST API has neither (its whole function list: devices,
//     usage to date, usage by zone per cycle, session, audit, SMS, rate plans, echo). Unicom's CMP
//     gateway fronts the same Control Center and has both, so an account that also holds the CMP
//     app's credentials answers them through it; without them they are `unsupported`.
//   - real-name link: none from either API; the account's configured page, if any.
import {
  JASPER_CALLS_PER_SECOND,
  JASPER_CONCURRENCY,
  JASPER_EDIT_ANSWERS,
  JASPER_TARGET_STATUS,
  bytesToKb,
  jasperCardState,
  jasperSessionOpen,
} from '@portal/domain/carrierCodes/unicomJasper';
import type { HttpTransport } from '../../http/transport';
import {
  CarrierError,
  type AccountSettings,
  type CarrierAdapter,
  type CarrierKind,
  type CarrierLineState,
  type CarrierLineTest,
  type CarrierOrder,
  type LineRef,
  type PlatformLimits,
  type RealNameStart,
  settleChange,
} from '../adapter';
import {
  CMP_DAILY_HISTORY_DAYS,
  REAL_NAME_URL_FIELD,
  UNICOM_CMP_BASE_PATH,
  UNICOM_CMP_BASE_URL,
  cmpDailyUsage,
  cmpLineDays,
  cmpRealNameStatus,
  realNameStartFrom,
  registeredBy,
  required,
} from '../unicomCmp/adapter';
import { BaseUrlError, basePathProblem } from '../baseUrl';
import { CmpClient } from '../unicomCmp/client';
import { JasperClient } from './client';

/** The REST API's documented base (every call is /rws/api/v1/…; ./client.ts appends what follows). */
export const UNICOM_JASPER_BASE_URL = 'https://api.10646.cn/rws/api/v1';

export const unicomJasperKind: CarrierKind = {
  kind: 'unicom_jasper',
  label: '中国联通 Jasper（Control Center）',
  network: 2,
  defaultBaseUrl: UNICOM_JASPER_BASE_URL,
  basePath: '/rws/api/v1',
  callPrefixes: ['/devices', '/echo'],
  fields: [
    { name: 'username', label: '用户名', secret: false, required: true },
    { name: 'api_key', label: 'API Key', secret: true, required: true },
    // the same account's CMP app: daily usage and real-name, which the REST API does not have
    { name: 'cmp_app_id', label: 'CMP app_id（日用量与实名用）', secret: false, required: false },
    { name: 'cmp_app_secret', label: 'CMP app_secret', secret: true, required: false },
    { name: 'cmp_open_id', label: 'CMP openId', secret: false, required: false },
    { name: 'cmp_base_url', label: 'CMP 地址', secret: false, required: false },
    REAL_NAME_URL_FIELD,
  ],
  create(account: AccountSettings, transport: HttpTransport): CarrierAdapter {
    const c = account.credentials;
    const jasper = new JasperClient({
      baseUrl: account.baseUrl || UNICOM_JASPER_BASE_URL,
      username: required(c, 'username'),
      apiKey: required(c, 'api_key'),
      transport,
    });
    const cmpGiven = ['cmp_app_id', 'cmp_app_secret', 'cmp_open_id'].filter((k) => c[k]?.trim());
    if (cmpGiven.length > 0 && cmpGiven.length < 3)
      throw new Error('carrier account: cmp_app_id, cmp_app_secret and cmp_open_id go together');
    const cmp =
      cmpGiven.length === 3
        ? new CmpClient({
            baseUrl: cmpBaseOf(c.cmp_base_url),
            appId: required(c, 'cmp_app_id'),
            appSecret: required(c, 'cmp_app_secret'),
            openId: required(c, 'cmp_open_id'),
            transport,
          })
        : null;
    return new UnicomJasperAdapter(jasper, cmp, c.real_name_url ?? '');
  },
};

/**
 * The account's CMP address, with the same meaning as a CMP account's base_url (../baseUrl.ts). It
 * is a field sealed with the credentials, which a migration cannot rewrite: a host alone, as it was
 * written before base_url meant the documented base, still means that host's /api.
 */
function cmpBaseOf(given: string | undefined): string {
  const v = (given ?? '').trim().replace(/\/+$/, '');
  if (!v) return UNICOM_CMP_BASE_URL;
  let path: string;
  try {
    path = new URL(v).pathname.replace(/\/+$/, '');
  } catch {
    throw new BaseUrlError('「CMP 地址」格式不正确，请写成 https://gwapi.10646.cn/api 这样的形式');
  }
  if (path === '') return `${v}${UNICOM_CMP_BASE_PATH}`;
  const problem = basePathProblem({ label: '联通 CMP', basePath: UNICOM_CMP_BASE_PATH, callPrefixes: [] }, v);
  if (problem) throw new BaseUrlError(`「CMP 地址」${problem}`);
  return v;
}

export class UnicomJasperAdapter implements CarrierAdapter {
  readonly kind = 'unicom_jasper';
  readonly limits: PlatformLimits;
  /** with the CMP app only: its session list answers a line's billing cycle in one call */
  readonly lineDays?: (line: LineRef, from: string, to: string) => Promise<Map<string, number>>;

  constructor(
    private readonly jasper: JasperClient,
    private readonly cmp: CmpClient | null,
    private readonly realNameUrl: string,
  ) {
    this.limits = {
      callsPerSecond: JASPER_CALLS_PER_SECOND,
      concurrency: JASPER_CONCURRENCY,
      fixedConcurrency: true,
      dailyBatchSize: 1,
      // without the CMP app there is no day at all; 1 is the least the interface takes
      dailyHistoryDays: cmp ? CMP_DAILY_HISTORY_DAYS : 1,
      // ctdDataUsage counts the billing cycle, which starts on the 27th
      usagePeriodStartDay: 27,
    };
    if (cmp) this.lineDays = (line, from, to) => cmpLineDays(cmp, line, from, to);
  }

  async ping(): Promise<void> {
    await this.jasper.echo('portal');
  }

  async lineState(line: LineRef): Promise<CarrierLineState> {
    const device = await this.jasper.device(line.iccid);
    const raw = str(device.status);
    if (!raw) throw new CarrierError('malformed', `联通 Jasper 应答缺少 status（${line.iccid}）`);
    // real-name is a separate question (the CMP gateway), not part of this answer
    return { state: jasperCardState(raw), rawState: raw, stopReason: '', rawStopReason: '', realNamed: null, imsi: str(device.imsi) };
  }

  /**
   * KB of the BILLING CYCLE to date (ctdDataUsage, from the 27th): the REST API has no calendar-month
   * figure and no per-day one to build it from. adapter.ts asks for the calendar month and cannot be
   * told otherwise (reported to the lead).
   */
  async monthUsage(line: LineRef): Promise<number> {
    const usage = await this.jasper.ctdUsages(line.iccid);
    const kb = bytesToKb(usage.ctdDataUsage);
    if (kb === null) throw new CarrierError('malformed', `联通 Jasper 的本期用量无法解析（${String(usage.ctdDataUsage)}）`);
    return kb;
  }

  async dailyUsage(lines: LineRef[], day: string): Promise<Map<string, number>> {
    if (!this.cmp) throw new CarrierError('unsupported', '联通 Jasper 接口没有按日用量；账户未配置 CMP 应用');
    return cmpDailyUsage(this.cmp, lines, day);
  }

  async realNameStatus(line: LineRef): Promise<boolean> {
    if (!this.cmp) throw new CarrierError('unsupported', '联通 Jasper 接口没有实名状态；账户未配置 CMP 应用');
    return cmpRealNameStatus(this.cmp, line);
  }

  async realNameStart(line: LineRef, _mode: number): Promise<RealNameStart> {
    return realNameStartFrom(this.realNameUrl, line);
  }

  async lineTest(line: LineRef): Promise<CarrierLineTest> {
    const state = (await this.lineState(line)).state;
    const session = await this.jasper.sessionInfo(line.iccid);
    return { registered: registeredBy(state), dataSession: jasperSessionOpen(session), apn: str(session.apn), expectedApn: '' };
  }

  async setService(line: LineRef, on: boolean): Promise<CarrierOrder> {
    let answer;
    try {
      answer = await this.jasper.editStatus(line.iccid, on ? JASPER_TARGET_STATUS.resume : JASPER_TARGET_STATUS.stop);
    } catch (err) {
      // a refusal with an errorCode that is not about the credentials, the limit or the platform's
      // health (jasperFailure read those by HTTP status): the table decides, an unknown code is 状态未知
      if (err instanceof CarrierError && (err.kind === 'line' || err.kind === 'malformed') && err.code)
        settleChange(JASPER_EDIT_ANSWERS, err.code, err.message);
      throw err;
    }
    if (answer.iccid !== line.iccid) throw new CarrierError('malformed', `联通 Jasper 的应答不是这张卡（${String(answer.iccid)}）`);
    // the answer carries no request number
    return { reference: '' };
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
