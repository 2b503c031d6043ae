// The carrier interface the portal's modules ask, by card number. Behind it, modules/carriers
// routes each card to its carrier platform account: the simulator (./simulator.ts, which keeps its
// state in the database so that several server processes see the same lines) or a real platform's
// adapter (./adapter.ts) called within the account's limits (docs/decisions/0030).

export interface LineStatus {
  /** card status as the carrier reports it (CardState values) */
  status: number;
  realNamed: boolean;
  /**
   * Why a stopped line is stopped, as the carrier reports it (its own code or label; '' when it
   * is not stopped or the carrier does not say). Decoded by @portal/domain/stopReason.
   */
  stopReason: string;
  /** the platform's own status code, kept for support (real platforms; the simulator gives none) */
  rawState?: string;
}

/** An end-to-end test of a line, run by the carrier (the card test, /check). */
export interface LineTest {
  /** the line is registered on the network */
  registered: boolean;
  /** a data session could be opened */
  dataSession: boolean;
  /** the APN the line uses, and the one it needs */
  apn: string;
  expectedApn: string;
}

export interface DailyUsage {
  /** YYYY-MM-DD, China time */
  day: string;
  usedKb: number;
}

export interface NetworkOption {
  carrier: number;
  name: string;
  active: boolean;
  /** 0-4 bars */
  signal: number;
}

/** The carrier's verification page, and its reference for the attempt ('' when it gives none; OneLink's busiSeq). */
export interface RealNameLink {
  url: string;
  reference: string;
}

export interface CarrierGateway {
  lineStatus(customNum: string): Promise<LineStatus>;
  /** Test the line now: registration, a data session, the APN. */
  lineTest(customNum: string): Promise<LineTest>;
  /** Daily usage from `fromDay` to `toDay` inclusive (China-time dates); today's figure is partial. */
  usage(customNum: string, fromDay: string, toDay: string, now: Date): Promise<DailyUsage[]>;
  realNameStatus(customNum: string): Promise<{ realNamed: boolean }>;
  /**
   * Where the card holder does the carrier's real-name verification: a link made fresh for this
   * attempt. `ticket` is our unguessable reference; `returnUrl` is where the carrier sends the
   * browser back. A real adapter asks the carrier's API for its link here.
   */
  realNameLink(customNum: string, mode: number, ticket: string, returnUrl: string): Promise<RealNameLink>;
  networks(customNum: string): Promise<NetworkOption[]>;
  switchNetwork(customNum: string, carrier: number): Promise<void>;
  /** Stop the line at the reseller's request (the console's 停机); the carrier reports it stopped, reason 管控停机. */
  suspend(customNum: string): Promise<void>;
  /** Put a line the reseller stopped back in service (the console's 复机). */
  resume(customNum: string): Promise<void>;
}
