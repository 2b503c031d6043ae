// The wire protocol of China Unicom's CMP gateway (gwapi.10646.cn): every call is a POST of
// {app_id, timestamp, trans_id, token, data} to /api/<name>/V1/1Main/vV1.1, the token being the SM3
// of the names and values then the app secret; the answer is {status, message, data}. The business
// fields (messageId, openId, version and the call's own) go in `data`. HTTP goes through an
// injected transport; every failure leaves as a CarrierError of the kind the sync engine acts on.
import { createHash, getHashes, randomInt } from 'node:crypto';
import {
  CMP_EDIT_ANSWERS,
  CMP_CHANGE_SIM_STATUS,
  CMP_OK,
  cmpGatewayFailure,
  cmpPath,
  cmpTimestamp,
  cmpTokenInput,
  cmpTransId,
  type CmpUsageDetail,
} from '@portal/domain/carrierCodes/unicomCmp';
import { TransportError, type HttpTransport } from '../../http/transport';
import { CarrierError, settleChange } from '../adapter';

/** The path every call's documented path starts with, which the account's base_url holds. */
const CMP_BASE_PATH = '/api';

/** SM3 (GB/T 32905) of a UTF-8 string, lowercase hex: Node's OpenSSL has it as 'sm3'. */
export function sm3Hex(input: string): string {
  return createHash('sm3').update(input, 'utf8').digest('hex');
}

/** The request's token: SM3 of app_id…timestamp…trans_id… and the secret. */
export function cmpToken(appId: string, timestamp: string, transId: string, appSecret: string): string {
  return sm3Hex(cmpTokenInput(appId, timestamp, transId, appSecret));
}

export interface CmpCredentials {
  appId: string;
  appSecret: string;
  /** the customer account behind the app (every call's data.openId) */
  openId: string;
}

export interface CmpClientOptions extends CmpCredentials {
  /** the documented base, e.g. https://gwapi.10646.cn/api (no trailing slash needed) */
  baseUrl: string;
  transport: HttpTransport;
  now?: () => number;
  /** the six digits that end trans_id; a counter from a random start by default */
  serial?: () => number;
}

/** One line of wsGetTerminalDetails' `terminals` (strings as the gateway sends them). */
export interface CmpTerminal {
  iccid: string;
  simStatus?: unknown;
  realNameStatus?: unknown;
  /** MB this billing cycle (from the 27th) */
  monthToDateDataUsage?: unknown;
  [field: string]: unknown;
}

/** How many pages of sessions one day's question may read before we call the answer unreadable. */
const MAX_PAGES = 200;

export class CmpClient {
  private readonly base: string;
  private readonly now: () => number;
  private readonly serial: () => number;

  constructor(private readonly o: CmpClientOptions) {
    // Fail when the account is built, not on the first sync: without SM3 no call can be signed.
    if (!getHashes().includes('sm3'))
      throw new Error('this Node has no SM3 hash (OpenSSL without SM3): the Unicom CMP gateway cannot be signed');
    this.base = o.baseUrl.replace(/\/+$/, '');
    this.now = o.now ?? Date.now;
    let n = randomInt(1_000_000);
    this.serial = o.serial ?? (() => (n = (n + 1) % 1_000_000));
  }

  /** wsGetTerminalDetails for one line; a line the gateway does not list is a line fault. */
  async terminal(iccid: string): Promise<CmpTerminal> {
    const data = await this.call('wsGetTerminalDetails', { iccids: [iccid] });
    businessOk(data, iccid);
    const terminals = data.terminals;
    if (!Array.isArray(terminals)) throw new CarrierError('malformed', '联通 CMP 应答缺少 terminals');
    const t = terminals.find((x): x is CmpTerminal => isObject(x) && x.iccid === iccid);
    if (!t) throw new CarrierError('line', `联通 CMP 没有这张卡（${iccid}）`);
    return t;
  }

  /** wsEditTerminal changeType 3: move the line to a SIM status. Synchronous (asynchronous "0"). */
  async editSimStatus(iccid: string, targetValue: string): Promise<void> {
    const data = await this.call('wsEditTerminal', { asynchronous: '0', iccid, changeType: CMP_CHANGE_SIM_STATUS, targetValue });
    // no resultCode is success, as for every business answer (businessOk)
    const code = data.resultCode === undefined ? CMP_OK : String(data.resultCode);
    const desc = typeof data.resultDesc === 'string' ? data.resultDesc : '';
    settleChange(CMP_EDIT_ANSWERS, code, `联通 CMP 变更这张卡（${iccid}）${desc ? `：${desc}` : ''}`);
  }

  /** Every session of the billing cycle that holds `cycleStartDate` (wsGetTerminalUsageDataDetails, all pages). */
  async cycleSessions(iccid: string, cycleStartDate: string): Promise<CmpUsageDetail[]> {
    const out: CmpUsageDetail[] = [];
    for (let page = 1; ; page++) {
      const data = await this.call('wsGetTerminalUsageDataDetails', { iccid, cycleStartDate, pageNumber: String(page) });
      businessOk(data, iccid);
      const details = data.usageDetails ?? [];
      if (!Array.isArray(details)) throw new CarrierError('malformed', '联通 CMP 应答的 usageDetails 不是列表');
      out.push(...(details as CmpUsageDetail[]));
      const pages = Number(data.totalPages ?? 1);
      if (!Number.isInteger(pages) || pages < 1 || pages > MAX_PAGES)
        throw new CarrierError('malformed', `联通 CMP 应答的 totalPages 有误（${String(data.totalPages)}）`);
      if (page >= pages) return out;
    }
  }

  /** One signed call; answers the `data` of a status-0000 answer. */
  async call(api: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const ms = this.now();
    const timestamp = cmpTimestamp(ms);
    const transId = cmpTransId(ms, this.serial());
    const body = JSON.stringify({
      app_id: this.o.appId,
      timestamp,
      trans_id: transId,
      token: cmpToken(this.o.appId, timestamp, transId, this.o.appSecret),
      data: { messageId: transId, openId: this.o.openId, version: '1.0', ...fields },
    });
    let res;
    try {
      res = await this.o.transport({
        method: 'POST',
        // the base is the documented one, /api included (../baseUrl.ts): the call's path after it
        url: `${this.base}${cmpPath(api).slice(CMP_BASE_PATH.length)}`,
        headers: { 'content-type': 'application/json;charset=UTF-8', accept: 'application/json' },
        body,
      });
    } catch (err) {
      if (err instanceof TransportError) throw new CarrierError('unavailable', `联通 CMP 暂时无法连接（${api}）`);
      throw err;
    }
    if (res.status === 429) throw new CarrierError('rate', `联通 CMP 调用过于频繁（HTTP 429）`);
    if (res.status === 401 || res.status === 403) throw new CarrierError('auth', `联通 CMP 拒绝了这个应用（HTTP ${res.status}）`);
    if (res.status !== 200) throw new CarrierError('unavailable', `联通 CMP 暂时不可用（HTTP ${res.status}）`);
    const answer = parse(res.body);
    if (!isObject(answer) || typeof answer.status !== 'string') throw new CarrierError('malformed', `联通 CMP 应答无法解析（${api}）`);
    if (answer.status !== CMP_OK) {
      const message = typeof answer.message === 'string' ? answer.message : '';
      throw new CarrierError(cmpGatewayFailure(answer.status), `联通 CMP：${message || '调用失败'}（${answer.status}）`, answer.status);
    }
    if (!isObject(answer.data)) throw new CarrierError('malformed', `联通 CMP 应答缺少 data（${api}）`);
    return answer.data;
  }
}

/**
 * A business answer's resultCode other than 0000 refuses this line (unknown ICCID, a change the
 * line cannot take): the line's fault, not the account's.
 */
function businessOk(data: Record<string, unknown>, iccid: string): void {
  const code = data.resultCode;
  if (code === undefined || code === CMP_OK) return;
  const desc = typeof data.resultDesc === 'string' ? data.resultDesc : '';
  throw new CarrierError('line', `联通 CMP 拒绝了这张卡（${iccid}）：${desc || String(code)}`, String(code));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
