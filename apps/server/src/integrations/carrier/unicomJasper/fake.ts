// A fake Unicom Jasper Control Center REST API: a real HTTP server on 127.0.0.1 that checks HTTP
// Basic credentials, keeps Control Center's limits (5 calls a second, one call at a time per
// account: HTTP 429) and keeps lines in Control Center's terms (status names, bytes, sessions).
// Tests and the sync benchmark drive it.
//
// Confirmed answers (Cisco's checklist): 401 {"errorMessage":"Invalid credentials","errorCode":
// "10000001"}, and 401 without a code when no credentials are sent. The 404 code for an unknown ICCID
// (10000003) is ours; the 429 code (40000029) is the one we were given — neither is published.
import type { IncomingHttpHeaders } from 'node:http';
import type { ContractLine } from '../contract';
import { FakePlatform, type FakeAnswer, type FakeRequest } from '../fakePlatform';

/** A line as Control Center keeps it. */
export interface JasperFakeLine {
  iccid: string;
  msisdn: string;
  imsi: string;
  /** ACTIVATED, DEACTIVATED, … (or anything, to play an unknown name) */
  status: string;
  /** bytes since the billing cycle began */
  ctdDataUsage: number;
  /** the current or most recent data session; null when the line never had one */
  session: { ipAddress: string; apn: string; dateSessionStarted: string; dateSessionEnded: string | null } | null;
}

export interface JasperFakeOptions {
  username: string;
  apiKey: string;
  /** Control Center's limits: 5 a second and 1 at a time unless told */
  callsPerSecond?: number;
  concurrency?: number;
}

export interface JasperFakeCalls {
  total: number;
  /** refused for the rate or for a call already in flight */
  refused: number;
  peakPerSecond: number;
  /** the most calls in flight at once (including those refused for it) */
  peakConcurrent: number;
}

const ROOT = '/rws/api/v1';
const STATUSES = ['ACTIVATED', 'DEACTIVATED', 'TEST_READY', 'ACTIVATION_READY', 'INVENTORY', 'RETIRED', 'PURGED'];

export class JasperFake {
  lastRequest: { method: string; path: string; headers: IncomingHttpHeaders; body: string } | null = null;
  private readonly lines = new Map<string, JasperFakeLine>();
  private concurrency: number;
  private refused = 0;
  private platform!: FakePlatform;

  private constructor(private readonly o: JasperFakeOptions) {
    this.concurrency = o.concurrency ?? 1;
  }

  static async start(o: JasperFakeOptions): Promise<JasperFake> {
    const fake = new JasperFake(o);
    fake.platform = await FakePlatform.start({
      window: 'sliding',
      callsPerSecond: o.callsPerSecond ?? 5,
      slowAt: 'first',
      errorPage: { status: 503, type: 'text/html', body: '<html><body>503 Service Unavailable</body></html>' },
      // the call is acted on; its answer is cut in half
      malformed: async (_req, real) => {
        const a = await real();
        return a.status === 200 ? { ...a, body: a.body.slice(0, Math.floor(a.body.length / 2)) } : a;
      },
      answer: (req, load) => {
        fake.lastRequest = { method: req.method, path: req.rawUrl, headers: req.headers, body: req.body };
        // a call is in flight from its first byte to its answer's last: one more than allowed is refused
        const refused = load.overLimit || load.inFlight > fake.concurrency;
        if (refused) fake.refused += 1;
        return fake.answer(req, refused);
      },
    });
    return fake;
  }

  /** the server's origin, e.g. http://127.0.0.1:40123 */
  get url(): string {
    return this.platform.origin;
  }

  /** the documented base an account is given (the origin and /rws/api/v1) */
  get baseUrl(): string {
    return `${this.platform.origin}${ROOT}`;
  }

  get calls(): JasperFakeCalls {
    const c = this.platform.calls();
    return { total: c.total, refused: this.refused, peakPerSecond: c.peakPerSecond, peakConcurrent: c.peakInFlight };
  }

  addLine(line: JasperFakeLine): void {
    this.lines.set(line.iccid, { ...line, session: line.session && { ...line.session } });
  }

  /** Many lines at once (the sync benchmark's 100,000): `make(i)` builds line i, kept as built. */
  addMany(count: number, make: (i: number) => JasperFakeLine): void {
    for (let i = 0; i < count; i++) {
      const line = make(i);
      this.lines.set(line.iccid, line);
    }
  }

  line(iccid: string): JasperFakeLine | undefined {
    return this.lines.get(iccid);
  }

  get size(): number {
    return this.lines.size;
  }

  /** 'reset': connections are cut; '5xx': 503 with an HTML page. */
  setDown(mode: false | 'reset' | '5xx'): void {
    this.platform.setDown(mode === '5xx' ? 'error' : mode);
  }

  setSlow(ms: number): void {
    this.platform.setSlow(ms);
  }

  setMalformed(on: boolean): void {
    this.platform.setMalformed(on);
  }

  /** New limits start a new second: calls before them do not count against them. */
  setLimits(callsPerSecond: number, concurrency: number): void {
    this.platform.setCallsPerSecond(callsPerSecond);
    this.concurrency = concurrency;
  }

  close(): Promise<void> {
    return this.platform.close();
  }

  private answer(req: FakeRequest, refused: boolean): FakeAnswer {
    const body = req.body;
    if (refused) return error(429, 'Rate limit exceeded', '40000029');
    const auth = req.headers.authorization;
    if (!auth) return { status: 401, body: JSON.stringify({ errorMessage: 'Full authentication is required to access this resource' }) };
    const want = `Basic ${Buffer.from(`${this.o.username}:${this.o.apiKey}`).toString('base64')}`;
    if (auth !== want) return error(401, 'Invalid credentials', '10000001');

    const path = req.url.pathname;
    if (!path.startsWith(`${ROOT}/`)) return error(404, 'Resource not found', '');
    const parts = path
      .slice(ROOT.length + 1)
      .split('/')
      .map(decodeURIComponent);
    if (req.method === 'GET' && parts[0] === 'echo' && parts.length === 2) return json({ context: parts[1] });
    if (parts[0] !== 'devices' || parts.length < 2 || parts.length > 3) return error(404, 'Resource not found', '');
    const iccid = parts[1]!;
    if (!/^\d{19,20}$/.test(iccid)) return error(400, 'Invalid ICCID', '10000003');
    const l = this.lines.get(iccid);
    if (!l) return error(404, 'Resource not found - Invalid ICCID', '10000003');

    if (req.method === 'GET' && parts.length === 2) return json(this.details(l));
    if (req.method === 'GET' && parts[2] === 'ctdUsages')
      return json({
        iccid: l.iccid,
        imsi: l.imsi,
        msisdn: l.msisdn,
        imei: '',
        status: l.status,
        ratePlan: 'CU-IoT-Monthly',
        communicationPlan: 'CU-Data-APN',
        ctdDataUsage: l.ctdDataUsage,
        ctdSMSUsage: 0,
        ctdVoiceUsage: 0,
        ctdSessionCount: l.session ? 1 : 0,
        overageLimitReached: false,
        overageLimitOverride: 'DEFAULT',
      });
    if (req.method === 'GET' && parts[2] === 'sessionInfo')
      return json({
        iccid: l.iccid,
        ipAddress: l.session?.ipAddress ?? null,
        dateSessionStarted: l.session?.dateSessionStarted ?? null,
        dateSessionEnded: l.session ? l.session.dateSessionEnded : null,
        ...(l.session ? { apn: l.session.apn } : {}),
      });
    if (req.method === 'PUT' && parts.length === 2) {
      if (!/^application\/json/i.test(req.headers['content-type'] ?? '')) return error(400, 'Unsupported content type', '10000002');
      let edit: unknown;
      try {
        edit = JSON.parse(body);
      } catch {
        return error(400, 'Invalid request body', '10000002');
      }
      const status = (edit as { status?: unknown } | null)?.status;
      if (typeof status !== 'string' || !STATUSES.includes(status)) return error(400, 'Invalid status', '10000002');
      l.status = status;
      return json({ iccid: l.iccid });
    }
    return error(404, 'Resource not found', '');
  }

  private details(l: JasperFakeLine): Record<string, unknown> {
    return {
      iccid: l.iccid,
      imsi: l.imsi,
      msisdn: l.msisdn,
      imei: '',
      status: l.status,
      ratePlan: 'CU-IoT-Monthly',
      communicationPlan: 'CU-Data-APN',
      customer: null,
      endConsumerId: null,
      dateActivated: '2026-01-05 10:00:00.000+0000',
      dateAdded: '2025-12-01 02:00:00.000+0000',
      dateUpdated: '2026-11-20 08:00:00.000+0000',
      dateShipped: '2025-12-02 02:00:00.000+0000',
      accountId: '100020620',
      fixedIPAddress: null,
      deviceID: '',
      modemID: '',
      globalSimType: '',
      simNotes: null,
    };
  }
}

const STATUS_OF: Record<ContractLine['service'], string> = {
  active: 'ACTIVATED',
  stopped: 'DEACTIVATED',
  cancelled: 'RETIRED',
  testable: 'TEST_READY',
  inventory: 'INVENTORY',
};

/**
 * A contract line (./contract.ts) in Control Center's terms: the status name, the cycle's bytes,
 * and a session — open for a line in service, ended at once for one set to a wrong APN. Control
 * Center says no stop reason, no real-name and no day (those come from the CMP gateway).
 */
export function jasperLineOf(line: ContractLine): JasperFakeLine {
  const inService = line.service === 'active' || line.service === 'testable';
  return {
    iccid: line.ref.iccid,
    msisdn: line.ref.msisdn,
    imsi: line.ref.imsi,
    status: STATUS_OF[line.service],
    ctdDataUsage: line.monthKb * 1024,
    session: inService
      ? {
          ipAddress: '10.64.12.7',
          apn: line.wrongApn ? 'cmnet' : 'scuiot',
          dateSessionStarted: '2026-11-27 01:00:00.000+0000',
          dateSessionEnded: line.wrongApn ? '2026-11-27 01:00:01.000+0000' : null,
        }
      : null,
  };
}

function json(data: Record<string, unknown>) {
  return { status: 200, body: JSON.stringify(data) };
}

function error(status: number, errorMessage: string, errorCode: string) {
  return { status, body: JSON.stringify(errorCode ? { errorMessage, errorCode } : { errorMessage }) };
}
