// The notification interface: how an alert leaves the portal. The in-portal notice (the list on
// home) is the portal's own record, written by the alerts module under its once-only key; the
// channels here carry the same message outside: the SMS provider now, a messaging-app template
// message later (a channel that implements this interface, added in ./index.ts).

/** Who receives it: the owner's mobile when they have one. */
export interface Recipient {
  mobile: string | null;
}

/** An alert in words, with the one thing to do about it. */
export interface NoticeMessage {
  /** data_low, expiry_soon, renew_soon, renewed, renew_short, renew_failed */
  kind: string;
  /** the card, as the owner knows it (masked in logs by the channels) */
  customNum: string;
  title: string;
  body: string;
  /** the portal page that acts on it (去充值 → /recharge…), or null */
  actionPath: string | null;
}

export interface NotifyChannel {
  readonly name: string;
  /** Deliver one message; throws on a provider failure (the caller logs it: the notice on home stays). */
  send(to: Recipient, message: NoticeMessage): Promise<'sent' | 'skipped'>;
}
