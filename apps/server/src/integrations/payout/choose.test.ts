import { describe, expect, it } from 'vitest';
import { payoutGatewayFor } from './choose';
import { PayoutSimulator } from './simulator';

describe('payoutGatewayFor', () => {
  it('simulates payouts only beside the payment sandbox', () => {
    expect(payoutGatewayFor(['devices', 'payments', 'sms'])).toBeInstanceOf(PayoutSimulator);
    expect(payoutGatewayFor(['devices', 'sms'])).toBeNull();
  });
});
