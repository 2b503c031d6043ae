// The notification interface: how an alert leaves the portal. The in-portal notice (the list on
// home) is the portal's own record, written by the alerts module under its once-only key; the
// channels here carry the same message outside: the SMS provider, and the messaging app's official
// account (docs/decisions/0038-alerts-in-the-messaging-app.md).

/** Who receives it: the owner's mobile when they have one, their openid under the official account when bound. */
export interface Recipient {
  mobile: string | null;
  openid: string | null;
}

/** An alert in words, with the one thing to do about it. */
export interface NoticeMessage {
  /** the notice's id: the platform's de-duplication key of this alert */
  noticeId: number;
  /** data_low, expiry_soon, renew_soon, renewed, renew_short, renew_failed */
  kind: string;
  /** the card, as the owner knows it (masked in logs by the channels) */
  customNum: string;
  title: string;
  body: string;
  /** the portal page that acts on it (去充值 → /recharge…), or null */
  actionPath: string | null;
  /** when the alert was raised (ISO) */
  at: string;
}

/** sent; skipped (no address on this channel); or the holder's refusal with the platform's code */
export type SendOutcome = 'sent' | 'skipped' | { refused: number };

export type ChannelName = 'sms' | 'wechat_mp';

export interface NotifyChannel {
  readonly name: ChannelName;
  /** Deliver one message; throws on a provider failure (the caller records it: the notice on home stays). */
  send(to: Recipient, message: NoticeMessage): Promise<SendOutcome>;
}
