// The payment-gateway interface (docs/decisions/0006). The sandbox (./sandbox.ts) plays every
// channel; real adapters (messaging-app pay, e-wallet, instalment) plug in behind the same
// interface later. Nothing here trusts the browser: an order is settled only by a verified
// notification or by the answer to queryPayment.

export interface CreatePaymentInput {
  orderNo: string;
  /** pay channel 1, 2 or 4 (balance never reaches a gateway) */
  channel: number;
  amountFen: number;
  /** what the cashier shows, e.g. the package name */
  subject: string;
  /** the merchant's name the cashier shows (the agent's payee) */
  merchant: string;
  /** where the cashier sends the browser back (pay, fail or abandon) */
  returnUrl: string;
  /** the payer's address: WeChat Pay's H5 payment requires it (scene_info.payer_client_ip) */
  clientIp?: string;
  /** the payer is inside the messaging app (WeChat Pay: JSAPI there, H5 outside) */
  inMessagingApp?: boolean;
}

/** A page a gateway needs us to host (WeChat Pay's JSAPI checkout): where to send the browser, or the page. */
export type HostedCheckout = { kind: 'redirect'; url: string } | { kind: 'page'; html: string };

export interface CreatedPayment {
  paymentId: string;
  /** the hosted cashier page to send the browser to */
  cashierUrl: string;
}

/**
 * 'refunded': the money was paid and has been given back (refundPayment). 'paying': the payer is
 * paying right now (WeChat Pay's USERPAYING): neither "nothing paid" nor settled, so the order
 * stays pending and its page keeps waiting.
 */
export type GatewayPaymentState = 'pending' | 'paying' | 'paid' | 'failed' | 'closed' | 'refunded';

export interface PaymentStatus {
  paymentId: string;
  orderNo: string;
  state: GatewayPaymentState;
  amountFen: number;
  /** the gateway's transaction id, set when paid */
  transactionId: string | null;
}

/** A notification whose signature checked out. */
export interface VerifiedNotification {
  paymentId: string;
  orderNo: string;
  transactionId: string;
  amountFen: number;
  status: 'success' | 'fail';
}

export interface RefundInput {
  /** the gateway's payment (cashier) id of the order */
  paymentId: string;
  orderNo: string;
  /** the transaction being refunded (the gateway checks it belongs to the payment) */
  transactionId: string;
  amountFen: number;
  /** the merchant's refund number: the gateway refunds once per number, so a retry is safe */
  refundNo: string;
}

export interface RefundResult {
  refundId: string;
  state: 'refunded';
}

/**
 * A gateway's refusal or failure. retryable: the same call may succeed later (the gateway was
 * unreachable or busy); otherwise it was refused (more than was paid, unknown payment…) and needs
 * an operator.
 *
 * Not a business error (AppError, lib/errors.ts): it is what an integration reports about its
 * own call, thrown by adapters that know nothing of our business codes, and it never reaches a
 * client as it is. The service that called the gateway decides what it means for the customer or
 * the operator and answers with an AppError (e.g. refunds: REFUND_GATEWAY_FAILED, saying whether a
 * rerun will do or an operator must look).
 */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/** Receives a gateway's notification: the same path as POST /api/v1/pay/notify/:channel. */
export type NotificationSink = (channel: number, body: unknown) => Promise<unknown>;

export interface PaymentGateway {
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  queryPayment(paymentId: string): Promise<PaymentStatus | null>;
  /**
   * Close an unpaid payment so that it can no longer be paid. Answers the payment's state after
   * the attempt: 'closed', or 'paid' when the money arrived first (then the order is settled instead).
   */
  closePayment(paymentId: string): Promise<PaymentStatus | null>;
  /**
   * Give money of a paid payment back. Idempotent per refundNo: asking again with the same number
   * answers the same refund and pays nothing more. Never refunds more than was paid.
   */
  refundPayment(input: RefundInput): Promise<RefundResult>;
  /** Check a notification's signature and shape; null when it is not authentic. */
  verifyNotification(channel: number, body: unknown): VerifiedNotification | null;
  /** The hosted checkout step of a gateway that needs one (GET /api/v1/pay/wechatpay/jsapi). */
  hostedCheckout?(query: { t?: string | undefined; code?: string | undefined }): Promise<HostedCheckout>;
  /** Where notifications are delivered (the sandbox calls it in-process; real gateways POST). */
  setNotificationSink?(sink: NotificationSink): void;
  /** Stops what the gateway runs in the background (the sandbox's delayed notifications) when the app closes. */
  stop?(): void;
}
