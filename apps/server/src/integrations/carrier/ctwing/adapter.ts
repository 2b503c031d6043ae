// China Telecom's 5GCMP (CTWing) as a CarrierAdapter: one reseller account, lines by their access
// number (MSISDN; looked up by ICCID when we do not know it), codes through the pure tables of
// @portal/domain/carrierCodes/ctwing. No throttling, retries or caching here (the sync engine's).
import { compactDay, ctwingLineState, sessionOpen } from '@portal/domain/carrierCodes/ctwing';
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
} from '../adapter';
import type { HttpTransport } from '../../http/transport';
import { CTWING_API, CtwingClient } from './client';

/**
 * How hard one account may be used. The gateway's flow control per AppKey is not published where
 * we could read it (confirm against the reseller's CMP document): 5 calls a second with 2 in flight
 * is the "few calls a second" resellers' integrations keep to, well under any gateway's burst.
 * A day's usage comes 100 lines a call (batchQryFlowByDate; 100 is the platform's batch size for
 * its other batch queries, batchQrySimInfo). History: 30 days — not published either; a month
 * covers reconciliation, and the sync engine only asks for the days since its last run.
 */
export const CTWING_LIMITS: PlatformLimits = {
  callsPerSecond: 5,
  concurrency: 2,
  dailyBatchSize: 100,
  dailyHistoryDays: 30,
};

/** The APN a Telecom IoT line uses unless the account says otherwise (the simulator's too). */
export const DEFAULT_APN = 'ctnet';

export interface CtwingAdapterOptions {
  client: CtwingClient;
  /** the APN the account's lines need */
  apn: string;
  /** the carrier's real-name page the reseller was given ('' when none): {msisdn} and {iccid} are filled in */
  realNameUrl: string;
  now?: () => number;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const chinaDay = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

export class CtwingAdapter implements CarrierAdapter {
  readonly kind = 'ctwing';
  readonly limits = CTWING_LIMITS;
  private readonly client: CtwingClient;
  private readonly now: () => number;

  constructor(private readonly o: CtwingAdapterOptions) {
    this.client = o.client;
    this.now = o.now ?? Date.now;
  }

  ping(): Promise<void> {
    return this.client.simList();
  }

  async lineState(line: LineRef): Promise<CarrierLineState> {
    const s = await this.client.cardStatus(await this.accessNumber(line));
    return ctwingLineState(s.productMainStatusCd, s.netBlockStatusName, s.authStatus);
  }

  async monthUsage(line: LineRef): Promise<number> {
    return this.client.monthKb(await this.accessNumber(line));
  }

  async dailyUsage(lines: LineRef[], day: string): Promise<Map<string, number>> {
    const today = chinaDay(this.now());
    const oldest = chinaDay(this.now() - this.limits.dailyHistoryDays * 86_400_000);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today || day < oldest)
      throw new CarrierError('unsupported', `CTWing keeps daily usage from ${oldest} to ${today}, not ${day}`);
    // access number → our card number; a line the platform cannot name is simply not reported
    const byNumber = new Map<string, string>();
    for (const line of lines) {
      const n = await this.accessNumber(line).catch((err: unknown) => {
        if (err instanceof CarrierError && err.kind === 'line') return '';
        throw err;
      });
      if (n) byNumber.set(n, line.customNum);
    }
    const out = new Map<string, number>();
    const numbers = [...byNumber.keys()];
    for (let i = 0; i < numbers.length; i += this.limits.dailyBatchSize) {
      const got = await this.client.dayKb(numbers.slice(i, i + this.limits.dailyBatchSize), compactDay(day));
      for (const [n, kb] of got) {
        const customNum = byNumber.get(n);
        if (customNum !== undefined) out.set(customNum, kb);
      }
    }
    return out;
  }

  /** From queryCardMainStatus's authStatus (the same call as the state). */
  async realNameStatus(line: LineRef): Promise<boolean> {
    const s = await this.lineState(line);
    if (s.realNamed === null) throw new CarrierError('malformed', 'CTWing answered no authStatus we know');
    return s.realNamed;
  }

  /**
   * The 5GCMP has no call that makes a real-name link (none in any public client): the holder uses
   * the page Telecom gave the reseller, set on the account. Without one there is nothing to open.
   */
  async realNameStart(line: LineRef, _mode: number): Promise<RealNameStart> {
    if (!this.o.realNameUrl) throw new CarrierError('unsupported', 'CTWing has no real-name link: set a real-name page on the account');
    const msisdn = await this.accessNumber(line);
    const url = this.o.realNameUrl.replaceAll('{msisdn}', encodeURIComponent(msisdn)).replaceAll('{iccid}', encodeURIComponent(line.iccid));
    return { url, reference: '' };
  }

  /**
   * The platform reports the line's last data session (getOnlineStatus), not its registration: a
   * session record means the network has seen the line (registered), an open one on the APN the
   * account needs is a working data session.
   */
  async lineTest(line: LineRef): Promise<CarrierLineTest> {
    const s = await this.client.session(await this.accessNumber(line));
    if (s.acctStatusType === '') return { registered: false, dataSession: false, apn: '', expectedApn: this.o.apn };
    const open = sessionOpen(s.acctStatusType);
    if (open === null) throw new CarrierError('malformed', `CTWing answered an acctStatusType we do not know: ${s.acctStatusType}`);
    return { registered: true, dataSession: open && s.apn === this.o.apn, apn: s.apn, expectedApn: this.o.apn };
  }

  /**
   * Stop cuts the line's data network (单独断网), resume restores it (恢复上网): the network
   * function, not the subscription. A line the carrier stopped (停机, e.g. arrears) is not resumed by
   * this; lineState shows it.
   */
  async setService(line: LineRef, on: boolean): Promise<CarrierOrder> {
    const reference = await this.client.cutNet(await this.accessNumber(line), on ? 'DEL' : 'ADD');
    return { reference };
  }

  /** ICCID → access number, learnt once: a SIM's number does not change, and each lookup is a call against the account's limit */
  private readonly numbers = new Map<string, string>();

  private async accessNumber(line: LineRef): Promise<string> {
    if (line.msisdn) return line.msisdn;
    if (!line.iccid) throw new CarrierError('line', `card ${line.customNum} has neither an access number nor an ICCID`);
    const known = this.numbers.get(line.iccid);
    if (known) return known;
    const n = await this.client.accessNumberOf(line.iccid);
    if (this.numbers.size >= 200_000) this.numbers.clear();
    this.numbers.set(line.iccid, n);
    return n;
  }
}

export const ctwingKind: CarrierKind = {
  kind: 'ctwing',
  label: '中国电信 5G CMP（CTWing）',
  network: 3,
  defaultBaseUrl: CTWING_API,
  // the gateway's calls sit under three roots (./client.ts PATHS): its base is the host
  basePath: '',
  callPrefixes: ['/openapi', '/api', '/5gcmp'],
  fields: [
    { name: 'app_key', label: 'AppKey', secret: false, required: true },
    { name: 'secret', label: 'SecretKey', secret: true, required: true },
    // the batch queries (a day's usage for 100 lines) name the customer
    { name: 'cust_number', label: '客户编码（custNumber）', secret: false, required: true },
    { name: 'apn', label: `APN（默认 ${DEFAULT_APN}）`, secret: false, required: false },
    { name: 'real_name_url', label: '实名认证页面（可含 {msisdn}、{iccid}）', secret: false, required: false },
  ],
  create(account: AccountSettings, transport: HttpTransport): CarrierAdapter {
    const c = account.credentials;
    for (const name of ['app_key', 'secret', 'cust_number'])
      if (!c[name]) throw new CarrierError('auth', `CTWing account ${account.name} has no ${name}`);
    const client = new CtwingClient({
      appKey: c.app_key!,
      secret: c.secret!,
      custNumber: c.cust_number!,
      transport,
      baseUrl: account.baseUrl || CTWING_API,
    });
    return new CtwingAdapter({ client, apn: c.apn || DEFAULT_APN, realNameUrl: c.real_name_url ?? '' });
  },
};
