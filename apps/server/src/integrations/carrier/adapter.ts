// What one carrier platform account can do, in the platform's own terms (docs/decisions/0030).
//
// The portal asks about a card by its card number (./gateway.ts, CarrierGateway). A real platform
// knows the line by its ICCID, MSISDN or IMSI and answers in its own codes, units and limits. An
// adapter speaks one platform's protocol for one account: it turns our question into the
// platform's call and the platform's answer into our terms (state codes through the pure tables
// of @portal/domain/carrierCodes). It does no throttling, retrying beyond a token refresh, or
// caching: the sync engine (modules/carrierSync) owns the account's limits, retries and circuit.
import { changeAnswerOf, type ChangeAnswerTable } from '@portal/domain/carrierCodes/changeAnswer';
import { Code } from '@portal/contract/codes';
import { answerInEnvelope, type AnswersInEnvelope, type EnvelopeAnswer } from '../../lib/errors';
import type { HttpTransport } from '../http/transport';

/** Which line, in the carrier's terms: an adapter picks the identifier its platform wants. */
export interface LineRef {
  /** our card number (the simulator's key) */
  customNum: string;
  iccid: string;
  /** the line's number at the carrier (cards.isdn); '' when unknown */
  msisdn: string;
  /** '' when unknown */
  imsi: string;
}

/** A line's state as one of ours, with the platform's own code kept for support. */
export interface CarrierLineState {
  /** CardState (@portal/contract/enums); CardState.Other when the platform's code is not in our table */
  state: number;
  /** the platform's own status code as it answered it, e.g. "4" or "ACTIVATED" ('' when none) */
  rawState: string;
  /** why a stopped line is stopped, in a spelling @portal/domain/stopReason decodes ('' when not stopped or not said) */
  stopReason: string;
  /** the platform's own stop-reason code as it answered it ('' when none) */
  rawStopReason: string;
  /** null when this call does not say (the platform has a separate real-name query) */
  realNamed: boolean | null;
  /**
   * The line's IMSI when the platform's answer names it (absent otherwise): the console finds a
   * card by it, and an import seldom carries it. Never asked for by a call of its own once known.
   */
  imsi?: string;
}

/** How hard the sync engine may use one account of this platform (the platform's published limits). */
export interface PlatformLimits {
  /** calls per second per account, in any rolling second (the guard paces calls so that no 1,000 ms holds more) */
  callsPerSecond: number;
  /** calls per rolling minute, where the platform documents such a limit */
  callsPerMinute?: number;
  /** calls per rolling day, where the platform documents such a limit */
  callsPerDay?: number;
  /**
   * calls in flight at once per account, at `callsPerSecond`. Where the platform documents no bound
   * of its own this is ours, and it grows with the rate the carrier granted the account (a call
   * takes some milliseconds: 2 in flight cannot make 100 calls a second); `fixedConcurrency` keeps it.
   */
  concurrency: number;
  /** the platform documents `concurrency` itself (Jasper: one call at a time per account) */
  fixedConcurrency?: boolean;
  /** lines per call of dailyUsage (1 when the platform has no batch query) */
  dailyBatchSize: number;
  /** how many past days of daily usage the platform keeps (today not counted) */
  dailyHistoryDays: number;
  /**
   * How many past days the platform may still revise (default 1: yesterday). A later read takes
   * these days again and stores the platform's figures over ours (modules/carriers/readDays.ts).
   */
  dailySettleDays?: number;
  /**
   * The day of the month monthUsage counts from: 1 (absent) for the calendar month; Unicom's
   * billing cycle runs from the 27th. The sync engine reconciles the days of that period.
   */
  usagePeriodStartDay?: number;
}

/** The end-to-end card test (/check): registration, a data session, the APN. */
export interface CarrierLineTest {
  registered: boolean;
  dataSession: boolean;
  /** the APN the line uses ('' when the platform does not say) and the one it needs ('' likewise) */
  apn: string;
  expectedApn: string;
}

/** A change of service the platform accepted: follow it with lineState until it shows. */
export interface CarrierOrder {
  /** the platform's order / request number ('' when it gives none) */
  reference: string;
}

/** The carrier's own real-name page for this line. */
export interface RealNameStart {
  url: string;
  /** the platform's reference for this attempt (OneLink busiSeq), '' when none */
  reference: string;
}

/**
 * A platform refused or failed a call. `kind` tells the sync engine what to do: `auth` (credentials
 * wrong: stop the account, tell the operator), `rate` (over the limit: back off), `unavailable`
 * (down, timeout, 5xx: retry later, counts toward the circuit), `malformed` (an answer we cannot
 * read: counts toward the circuit), `line` (this line is unknown or refused: not the account's
 * fault), `unsupported` (the platform cannot do this at all).
 */
export type CarrierErrorKind = 'auth' | 'rate' | 'unavailable' | 'malformed' | 'line' | 'unsupported';

export class CarrierError extends Error implements AnswersInEnvelope {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
    /** the platform's own code, when it answered one */
    readonly code = '',
  ) {
    super(message);
    this.name = 'CarrierError';
  }

  /**
   * A platform that cannot answer now (down, resting behind its circuit, over its limit) or cannot
   * do this for the card: the holder is told which, never a 500 (docs/decisions/0030).
   */
  [answerInEnvelope](): EnvelopeAnswer {
    const log = { message: 'carrier platform refused', fields: { err: this.message, kind: this.kind } };
    if (this.kind === 'unsupported' || this.kind === 'line')
      return { status: 409, code: Code.BAD_REQUEST, message: '运营商暂不支持对这张卡办理此项业务，请联系客服', log };
    return { status: 503, code: Code.INTERNAL, message: '运营商平台暂时无法连接，请稍后再试', log };
  }
}

/**
 * A change of service (setService) answered with a code the platform's table does not name
 * (@portal/domain/carrierCodes/changeAnswer). Line-level: the platform answered, so the account is
 * not blamed and the change is not tried again (it may have been done); the line's state is not
 * known, and the gateway stores it so (状态未知 with the code) until the line is read again.
 */
export class UnknownChangeAnswer extends CarrierError {
  constructor(message: string, code: string) {
    super('line', message, code);
    this.name = 'UnknownChangeAnswer';
  }
}

/** Returns for an accepted change; throws what any other answer means (`what` names the call in the message). */
export function settleChange(table: ChangeAnswerTable, code: string, what: string): void {
  const answer = changeAnswerOf(table, code);
  switch (answer.kind) {
    case 'accepted':
      return;
    case 'refused':
      throw new CarrierError('line', `${what}: ${answer.label}`, code);
    case 'account':
      throw new CarrierError(answer.fault, `${what}: ${answer.label}`, code);
    case 'unknown':
      throw new UnknownChangeAnswer(`${what}: an answer code we do not know (${code})`, code);
  }
}

export interface CarrierAdapter {
  /** the platform kind, e.g. 'onelink' (config, logs) */
  readonly kind: string;
  readonly limits: PlatformLimits;
  /** A cheap authenticated call: "test connection" in the console. Throws CarrierError. */
  ping(): Promise<void>;
  lineState(line: LineRef): Promise<CarrierLineState>;
  /** KB used in the current usage period (China time; limits.usagePeriodStartDay) up to now. */
  monthUsage(line: LineRef): Promise<number>;
  /**
   * KB used on one past or current day (China-time YYYY-MM-DD, within limits.dailyHistoryDays) by
   * each line, at most limits.dailyBatchSize lines per call. A line the platform does not report is
   * absent from the map (never 0 by guess). Keyed by LineRef.customNum.
   */
  dailyUsage(lines: LineRef[], day: string): Promise<Map<string, number>>;
  /**
   * KB used on each day from `from` to `to` (inclusive, China time) by one line, in as few calls as
   * the platform allows: a platform that answers a line's whole period at once (Unicom CMP's session
   * list of a billing cycle) has it, and the sync asks it instead of dailyUsage day by day. Days the
   * platform does not report are absent; a line it does not know gives an empty map.
   */
  lineDays?(line: LineRef, from: string, to: string): Promise<Map<string, number>>;
  realNameStatus(line: LineRef): Promise<boolean>;
  /** Platforms take no return URL: the holder comes back by our own link (docs/decisions/0030). */
  realNameStart(line: LineRef, mode: number): Promise<RealNameStart>;
  lineTest(line: LineRef): Promise<CarrierLineTest>;
  /** Stop (false) or resume (true) the line's service. Accepted is not done: follow with lineState. */
  setService(line: LineRef, on: boolean): Promise<CarrierOrder>;
}

/** One credential or setting of an account on a platform (the console's form, the accounts file). */
export interface AccountField {
  /** the key in the account's credentials, e.g. 'appid'; in CARRIER_ACCOUNTS_FILE also as `<name>_FILE` when secret */
  name: string;
  /** the console's label */
  label: string;
  /** sealed at rest, never shown again, never logged */
  secret: boolean;
  /** false: may be left out (a default applies) */
  required: boolean;
  /** allowed values, where the field is a choice (e.g. OneLink's 'ct' | 'pb' status list) */
  choices?: readonly string[];
}

/** What the portal needs to build an adapter for one account. */
export interface AccountSettings {
  name: string;
  /** the platform's documented base, path included, e.g. https://api.iot.10086.cn/v5 (no trailing slash needed) */
  baseUrl: string;
  /** the account's fields by AccountField.name, secrets already unsealed */
  credentials: Record<string, string>;
}

/** A platform kind: its fields and how to build an adapter for one of its accounts. */
export interface CarrierKind {
  /** stored in carrier_accounts.carrier and CARRIER_ACCOUNTS_FILE's `carrier`, e.g. 'onelink' */
  kind: string;
  /** the console's name for it, e.g. '中国移动 OneLink' */
  label: string;
  /** the network it carries (CARRIER_LABEL key: 1 移动, 2 联通, 3 电信) */
  network: number;
  /** the platform's documented base, path included (./baseUrl.ts): what base_url means for every kind */
  defaultBaseUrl: string;
  /** the documented base's path ('' for a host alone), e.g. '/api' */
  basePath: string;
  /** the first path segments of the platform's calls relative to its base: an address that holds one reaches into a call */
  callPrefixes: readonly string[];
  fields: readonly AccountField[];
  /** `transport` is the HTTP client (../http/transport.ts): fetchTransport in the server, the same against a fake in tests */
  create(account: AccountSettings, transport: HttpTransport): CarrierAdapter;
}
