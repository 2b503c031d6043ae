// One PaymentGateway over several: each pay channel to the gateway configured for it, each
// payment back to the gateway that made it (by its paymentId prefix), and what no real gateway
// takes to the sandbox. The order code sees one gateway, as before.
import type {
  CreatePaymentInput,
  HostedCheckout,
  CreatedPayment,
  NotificationSink,
  PaymentGateway,
  PaymentStatus,
  RefundInput,
  RefundResult,
  VerifiedNotification,
} from './gateway';
import { PaymentGatewayError } from './gateway';
import { isRawNotification } from './notification';
import { SandboxGateway } from './sandbox';

export interface Route {
  channels: readonly number[];
  /** the paymentIds this gateway makes start with it */
  prefix: string;
  gateway: PaymentGateway;
}

export class ChannelRouter implements PaymentGateway {
  constructor(
    private readonly routes: readonly Route[],
    /** plays the channels no route takes (development, staging); null when every channel is real */
    readonly sandbox: SandboxGateway | null,
  ) {}

  private byChannel(channel: number): PaymentGateway | null {
    return this.routes.find((r) => r.channels.includes(channel))?.gateway ?? this.sandbox;
  }

  private byPayment(paymentId: string): PaymentGateway {
    const g = this.routes.find((r) => paymentId.startsWith(r.prefix))?.gateway ?? this.sandbox;
    if (!g) throw new PaymentGatewayError('支付单不属于任何已配置的支付渠道', false);
    return g;
  }

  createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const g = this.byChannel(input.channel);
    if (!g) throw new PaymentGatewayError('该支付渠道未配置', false);
    return g.createPayment(input);
  }

  queryPayment(paymentId: string): Promise<PaymentStatus | null> {
    return this.byPayment(paymentId).queryPayment(paymentId);
  }

  closePayment(paymentId: string): Promise<PaymentStatus | null> {
    return this.byPayment(paymentId).closePayment(paymentId);
  }

  refundPayment(input: RefundInput): Promise<RefundResult> {
    return this.byPayment(input.paymentId).refundPayment(input);
  }

  /** A raw notification goes to the real gateway of its channel; the sandbox's only for channels it plays. */
  verifyNotification(channel: number, body: unknown): VerifiedNotification | null {
    const real = this.routes.find((r) => r.channels.includes(channel));
    if (real) return isRawNotification(body) ? real.gateway.verifyNotification(channel, body) : null;
    return this.sandbox && !isRawNotification(body) ? this.sandbox.verifyNotification(channel, body) : null;
  }

  hostedCheckout(query: { t?: string | undefined; code?: string | undefined }): Promise<HostedCheckout> {
    const g = this.routes.find((r) => r.gateway.hostedCheckout)?.gateway;
    if (!g?.hostedCheckout) throw new PaymentGatewayError('该支付方式无需此页面', false);
    return g.hostedCheckout(query);
  }

  setNotificationSink(sink: NotificationSink): void {
    this.sandbox?.setNotificationSink(sink);
  }

  stop(): void {
    this.sandbox?.stop();
  }
}

/** The sandbox behind a gateway, if it has one (its hosted cashier pages need it). */
export function sandboxIn(g: PaymentGateway | undefined): SandboxGateway | null {
  if (g instanceof SandboxGateway) return g;
  if (g instanceof ChannelRouter) return g.sandbox;
  return null;
}
