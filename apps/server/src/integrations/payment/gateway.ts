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
}

export interface CreatedPayment {
  paymentId: string;
  /** the hosted cashier page to send the browser to */
  cashierUrl: string;
}

export type GatewayPaymentState = 'pending' | 'paid' | 'failed' | 'closed';

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
  /** Check a notification's signature and shape; null when it is not authentic. */
  verifyNotification(channel: number, body: unknown): VerifiedNotification | null;
  /** Where notifications are delivered (the sandbox calls it in-process; real gateways POST). */
  setNotificationSink?(sink: NotificationSink): void;
}
