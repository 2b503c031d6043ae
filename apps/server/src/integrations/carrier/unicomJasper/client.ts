// The wire protocol of China Unicom's Jasper Control Center REST API (api.10646.cn/rws/api/v1):
// HTTP Basic with the user name and its API key, JSON answers, errors as {errorMessage, errorCode}
// with an HTTP status. HTTP goes through an injected transport; every failure leaves as a
// CarrierError of the kind the sync engine acts on.
import { jasperFailure } from '@portal/domain/carrierCodes/unicomJasper';
import { TransportError, type HttpTransport } from '../../http/transport';
import { CarrierError } from '../adapter';
import { isObject } from '../unicomCmp/client';

export interface JasperClientOptions {
  /** the documented base, /rws/api/v1 included, e.g. https://api.10646.cn/rws/api/v1 */
  baseUrl: string;
  username: string;
  apiKey: string;
  transport: HttpTransport;
}

export class JasperClient {
  private readonly root: string;
  private readonly authorization: string;
  private readonly transport: HttpTransport;

  constructor(o: JasperClientOptions) {
    this.transport = o.transport;
    this.root = o.baseUrl.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${o.username}:${o.apiKey}`, 'utf8').toString('base64')}`;
  }

  /** Echo: the cheapest authenticated call. */
  echo(word: string): Promise<Record<string, unknown>> {
    return this.request('GET', `/echo/${encodeURIComponent(word)}`);
  }

  /** Get Device Details: status, identifiers, plans. */
  device(iccid: string): Promise<Record<string, unknown>> {
    return this.request('GET', `/devices/${encodeURIComponent(iccid)}`);
  }

  /** Get Device Usage: ctdDataUsage (bytes since the billing cycle began) and the status. */
  ctdUsages(iccid: string): Promise<Record<string, unknown>> {
    return this.request('GET', `/devices/${encodeURIComponent(iccid)}/ctdUsages`);
  }

  /** Get Session Details: the current or most recent data session. */
  sessionInfo(iccid: string): Promise<Record<string, unknown>> {
    return this.request('GET', `/devices/${encodeURIComponent(iccid)}/sessionInfo`);
  }

  /** Edit Device Details with only the status; answers the ICCID it changed. */
  editStatus(iccid: string, status: string): Promise<Record<string, unknown>> {
    return this.request('PUT', `/devices/${encodeURIComponent(iccid)}`, { status });
  }

  private async request(method: 'GET' | 'PUT', path: string, body?: object): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = { authorization: this.authorization, accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    let res;
    try {
      res = await this.transport({ method, url: `${this.root}${path}`, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    } catch (err) {
      if (err instanceof TransportError) throw new CarrierError('unavailable', `联通 Jasper 暂时无法连接（${method} ${path}）`);
      throw err;
    }
    const answer = parse(res.body);
    if (res.status < 200 || res.status >= 300) {
      const code = isObject(answer) && typeof answer.errorCode === 'string' ? answer.errorCode : '';
      const message = isObject(answer) && typeof answer.errorMessage === 'string' ? answer.errorMessage : `HTTP ${res.status}`;
      throw new CarrierError(jasperFailure(res.status, code), `联通 Jasper：${message}${code ? `（${code}）` : ''}`, code);
    }
    if (!isObject(answer)) throw new CarrierError('malformed', `联通 Jasper 应答无法解析（${method} ${path}）`);
    return answer;
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
