// The 5GCMP API gateway of China Telecom (CTWing, https://cmp-api.ctwing.cn:20164), one call per
// method, answers decoded into plain values and every failure into a CarrierError. Each request
// carries AppKey, Timestamp (China time) and Sign (@portal/domain/carrierCodes/ctwing).
//
// Paths and fields as public clients of the platform use them (queryCardMainStatus, getOnlineStatus,
// getTelephone, getSIMList, queryTraffic, singleCutNet, batchQryFlowByMonth); where only the path is
// known (batchQryFlowByDate) the fields follow its monthly sibling and are marked "confirm against
// the reseller's CMP document". ./fake.ts plays exactly these.
import { createHash } from 'node:crypto';
import {
  CTWING_CUT_NET_ANSWERS,
  chinaTimestamp,
  ctwingSign,
  flowKb,
  flowKbOf,
  gatewayFault,
  signInput,
} from '@portal/domain/carrierCodes/ctwing';
import { CarrierError, settleChange } from '../adapter';
import { TransportError, type HttpTransport } from '../../http/transport';

export const CTWING_API = 'https://cmp-api.ctwing.cn:20164';

export const PATHS = {
  simList: '/openapi/v1/prodinst/getSIMList',
  telephone: '/openapi/v1/prodinst/getTelephone',
  mainStatus: '/openapi/v1/prodinst/queryCardMainStatus',
  onlineStatus: '/openapi/v1/prodinst/getOnlineStatus',
  monthTraffic: '/api/v1/openbill/queryTraffic',
  // CTIOT_5GCMP_UQ013 批量流量查询（按天）: the path is known, its fields are not (confirm against
  // the reseller's CMP document); they follow batchQryFlowByMonth's
  flowByDate: '/api/v1/batchQry/batchQryFlowByDate',
  cutNet: '/5gcmp/openapi/v1/common/singleCutNet',
} as const;

export interface CtwingClientOptions {
  appKey: string;
  secret: string;
  /** 客户编码: the batch queries ask for it */
  custNumber: string;
  transport: HttpTransport;
  baseUrl?: string;
  now?: () => number;
}

/** queryCardMainStatus, the fields we read. */
export interface CtwingCardStatus {
  productMainStatusCd: string;
  netBlockStatusName: string;
  authStatus: string;
}

/** getOnlineStatus, the fields we read ('' when the platform has no session record). */
export interface CtwingSession {
  acctStatusType: string;
  apn: string;
}

const md5hex = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

export class CtwingClient {
  private readonly base: string;
  private readonly now: () => number;

  constructor(private readonly o: CtwingClientOptions) {
    this.base = (o.baseUrl ?? CTWING_API).replace(/\/+$/, '');
    this.now = o.now ?? Date.now;
  }

  /** SIM 卡列表查询, first page: the cheapest call that proves the AppKey and Sign. */
  async simList(): Promise<void> {
    const a = json(await this.get(PATHS.simList, [['pageIndex', '1']]));
    businessOk(resultOf(a), a, '');
  }

  /** 接入号码查询: the access number (MSISDN) of an ICCID. */
  async accessNumberOf(iccid: string): Promise<string> {
    const a = json(await this.get(PATHS.telephone, [['iccid', iccid]]));
    const result = str(a.RESULT);
    businessOk(result, { resultMsg: a.SMSG }, iccid);
    const msisdn = str(a.SMSG);
    if (!/^\d{11,15}$/.test(msisdn)) throw new CarrierError('malformed', `CTWing getTelephone answered no number for ${iccid}`);
    return msisdn;
  }

  /** 卡主状态查询 */
  async cardStatus(accessNumber: string): Promise<CtwingCardStatus> {
    const a = json(await this.get(PATHS.mainStatus, [['access_number', accessNumber]]));
    businessOk(resultOf(a), a, accessNumber);
    const info = Array.isArray(a.productInfo) ? (a.productInfo[0] as Record<string, unknown> | undefined) : undefined;
    const code = str(info?.productMainStatusCd);
    if (!code) throw new CarrierError('malformed', `CTWing queryCardMainStatus answered no productMainStatusCd for ${accessNumber}`);
    return { productMainStatusCd: code, netBlockStatusName: str(a.netBlockStatusName), authStatus: str(a.authStatus) };
  }

  /** 在线状态和会话信息查询: the line's last data session. */
  async session(accessNumber: string): Promise<CtwingSession> {
    const a = json(await this.get(PATHS.onlineStatus, [['access_number', accessNumber]]));
    businessOk(resultOf(a), a, accessNumber);
    const d = (a.description ?? {}) as Record<string, unknown>;
    if (typeof d !== 'object') throw new CarrierError('malformed', 'CTWing getOnlineStatus answered no description');
    return { acctStatusType: str(d.acctStatusType), apn: str(d.apn) };
  }

  /** 流量查询（当月）: KB used this month so far (the answer is XML). */
  async monthKb(accessNumber: string): Promise<number> {
    const xml = await this.get(PATHS.monthTraffic, [
      ['access_number', accessNumber],
      ['needDtl', '0'],
    ]);
    const result = xmlLeaf(xml, 'IRESULT');
    if (result === null) throw new CarrierError('malformed', 'CTWing queryTraffic answered no IRESULT');
    businessOk(result, { resultMsg: xmlLeaf(xml, 'SMSG') ?? '' }, accessNumber);
    const kb = flowKbOf(xmlLeaf(xml, 'TOTAL_BYTES_CNT') ?? '');
    if (kb === null) throw new CarrierError('malformed', 'CTWing queryTraffic answered no TOTAL_BYTES_CNT figure');
    return kb;
  }

  /**
   * 批量流量查询（按天）: KB used on one day (yyyyMMdd) by each access number the platform reports.
   * Numbers it does not report (per-number status other than '0') are left out.
   */
  async dayKb(accessNumbers: string[], day: string): Promise<Map<string, number>> {
    const a = json(await this.post(PATHS.flowByDate, { custNumber: this.o.custNumber, accessNumber: accessNumbers, date: day }));
    businessOk(str(a.code), { resultMsg: a.msg }, '');
    if (!Array.isArray(a.data)) throw new CarrierError('malformed', 'CTWing batchQryFlowByDate answered no data list');
    const out = new Map<string, number>();
    for (const row of a.data as Record<string, unknown>[]) {
      if (str(row?.status) !== '0') continue;
      const kb = flowKb(str(row.flowAmount), str(row.unit));
      if (kb === null) throw new CarrierError('malformed', `CTWing batchQryFlowByDate answered no figure for ${str(row.accessNumber)}`);
      out.set(str(row.accessNumber), kb);
    }
    return out;
  }

  /** 单独断网 (ADD) / 恢复上网 (DEL): answers the platform's transaction number. */
  async cutNet(accessNumber: string, action: 'ADD' | 'DEL'): Promise<string> {
    const xml = await this.get(PATHS.cutNet, [
      ['access_number', accessNumber],
      ['action', action],
    ]);
    const code = xmlLeaf(xml, 'RspCode');
    if (code === null) throw new CarrierError('malformed', 'CTWing singleCutNet answered no RspCode');
    settleChange(CTWING_CUT_NET_ANSWERS, code, `CTWing singleCutNet ${accessNumber} (${xmlLeaf(xml, 'RspDesc') ?? ''})`);
    return xmlLeaf(xml, 'GROUP_TRANSACTIONID') ?? '';
  }

  private get(path: string, query: [string, string][]): Promise<string> {
    return this.send('GET', path, query, undefined);
  }

  private post(path: string, body: object): Promise<string> {
    return this.send('POST', path, [], JSON.stringify(body));
  }

  /** One signed request; answers the body of a 2xx, throws a CarrierError for anything else. */
  private async send(method: 'GET' | 'POST', path: string, query: [string, string][], body: string | undefined): Promise<string> {
    const timestamp = chinaTimestamp(this.now());
    // the Sign covers the query values as sent: ours are digits, letters and '_', which URL
    // encoding leaves alone, so encoded and plain agree
    const sign = ctwingSign(md5hex, signInput(query, body ?? '', this.o.secret, timestamp));
    const headers: Record<string, string> = { AppKey: this.o.appKey, Timestamp: timestamp, Sign: sign, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
    const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    let res;
    try {
      res = await this.o.transport({
        method,
        url: `${this.base}${path}${qs ? `?${qs}` : ''}`,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
    } catch (err) {
      if (err instanceof TransportError) throw new CarrierError('unavailable', `CTWing unreachable: ${err.message}`);
      throw err;
    }
    if (res.status >= 200 && res.status < 300) return res.body;
    const refusal = parseJson(res.body);
    const code = refusal ? str(refusal.code) : '';
    const kind = gatewayFault(code, res.status);
    throw new CarrierError(kind, `CTWing ${path}: HTTP ${res.status}${refusal ? ` ${str(refusal.msg)}` : ''}`, code);
  }
}

/**
 * A business answer other than success is about the number asked for (unknown, not the account's,
 * in no state for it): a line fault. The gateway already accepted the account's AppKey and Sign.
 */
function businessOk(result: string, a: Record<string, unknown>, subject: string): void {
  if (result === '0') return;
  if (result === '') throw new CarrierError('malformed', 'CTWing answered no result code');
  throw new CarrierError('line', `CTWing refused ${subject || 'the request'}: ${str(a.resultMsg)}`, result);
}

/** Single queries answer resultCode (some clients read result). */
function resultOf(a: Record<string, unknown>): string {
  return str(a.resultCode ?? a.result);
}

function json(text: string): Record<string, unknown> {
  const v = parseJson(text);
  if (!v) throw new CarrierError('malformed', 'CTWing answered something that is not a JSON object');
  return v;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The text of the first leaf element of that name, any namespace prefix (the platform's XML answers
 * are flat: <root><web:NEW_DATA_TICKET_QRsp><TOTAL_BYTES_CNT>…). null when there is none.
 */
export function xmlLeaf(xml: string, name: string): string | null {
  const m = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[\\w.-]+:)?${name}>`).exec(xml);
  if (!m) return null;
  return m[1]!.trim().replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!);
}
