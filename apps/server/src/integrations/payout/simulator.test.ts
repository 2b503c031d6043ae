// The payout simulator keeps the gateway's promise: one outcome per payout number.
import { describe, expect, it } from 'vitest';
import { PayoutGatewayError } from './gateway';
import { PayoutSimulator, SIMULATED_FAILING_PAYEE } from './simulator';

const input = { payoutNo: 'CW000001', amountFen: 12_300, method: 3, payee: '张三', account: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' };

describe('PayoutSimulator', () => {
  it('pays once under the same number and answers the same reference', async () => {
    const g = new PayoutSimulator();
    const first = await g.transfer(input);
    const again = await g.transfer(input);
    expect(first.state).toBe('paid');
    expect(again).toEqual(first);
    expect(g.paidCount).toBe(1);
  });
  it('another number is another transfer', async () => {
    const g = new PayoutSimulator();
    const a = await g.transfer(input);
    const b = await g.transfer({ ...input, payoutNo: 'CW000002' });
    expect(a).not.toEqual(b);
    expect(g.paidCount).toBe(2);
  });
  it('refuses a payee it cannot match, and keeps refusing', async () => {
    const g = new PayoutSimulator();
    const bad = { ...input, payee: SIMULATED_FAILING_PAYEE };
    expect(await g.transfer(bad)).toEqual({ state: 'failed', reason: '收款人姓名与账户实名不一致' });
    expect((await g.transfer(bad)).state).toBe('failed');
    expect(g.paidCount).toBe(0);
  });
  it('a number reused with another amount is an error, not a second payment', async () => {
    const g = new PayoutSimulator();
    await g.transfer(input);
    await expect(g.transfer({ ...input, amountFen: 1 })).rejects.toBeInstanceOf(PayoutGatewayError);
    expect(g.paidCount).toBe(1);
  });
});
