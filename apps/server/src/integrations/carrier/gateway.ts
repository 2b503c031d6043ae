// The carrier interface. Real carriers (China Mobile, Unicom, Telecom, NaiZu, …) plug in behind
// it later; the simulator (./simulator.ts) keeps its state in the database so that several
// server processes see the same lines.

export interface LineStatus {
  /** card status as the carrier reports it (CardState values) */
  status: number;
  realNamed: boolean;
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

export interface CarrierGateway {
  lineStatus(customNum: string): Promise<LineStatus>;
  /** Daily usage from `fromDay` to `toDay` inclusive (China-time dates); today's figure is partial. */
  usage(customNum: string, fromDay: string, toDay: string, now: Date): Promise<DailyUsage[]>;
  realNameStatus(customNum: string): Promise<{ realNamed: boolean }>;
  /**
   * Where the card holder does the carrier's real-name verification: a link made fresh for this
   * attempt. `ticket` is our unguessable reference; `returnUrl` is where the carrier sends the
   * browser back. A real adapter asks the carrier's API for its link here.
   */
  realNameLink(customNum: string, mode: number, ticket: string, returnUrl: string): Promise<string>;
  networks(customNum: string): Promise<NetworkOption[]>;
  switchNetwork(customNum: string, carrier: number): Promise<void>;
}
