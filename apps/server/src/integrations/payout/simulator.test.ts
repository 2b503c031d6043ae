// The payout simulator keeps the gateway's promise: one outcome per payout number. WeChat change
// waits for its own payee's confirmation, as WeChat's 商家转账 does
// (docs/decisions/0039-payee-confirms-transfer.md).
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../lib/clock';
import { PayoutGatewayError } from './gateway';
import { PayoutSimulator, SIMULATED_FAILING_PAYEE } from './simulator';

const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const input = { payoutNo: 'CW000001', amountFen: 12_300, method: 1, payee: '张三', account: '6222020200112233445' };
const wechat = { ...input, payoutNo: 'CW000009', method: 3, account: OPENID };

afterEach(() => clock.reset());

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

describe('PayoutSimulator: WeChat change waits for its payee', () => {
  it('waits with a package until its own payee confirms; then paid, once', async () => {
    const g = new PayoutSimulator();
    const first = await g.transfer(wechat);
    expect(first).toMatchObject({
      state: 'processing',
      billState: 'WAIT_USER_CONFIRM',
      payeeWait: { packageInfo: expect.stringMatching(/^SIMPKG/) },
    });
    const pkg = (first as { payeeWait: { packageInfo: string } }).payeeWait.packageInfo;
    expect(g.confirmByPayee(pkg, 'oSomeoneElse1234')).toBe('你的微信号与商家指定的微信号不一致');
    expect(g.confirmByPayee('SIMPKGnothing', OPENID)).toMatch(/转账单号错误/);
    expect((await g.transfer(wechat)).state).toBe('processing');
    expect(g.confirmByPayee(pkg, OPENID)).toBe('ok');
    expect(g.confirmByPayee(pkg, OPENID)).toBe('你已收款');
    expect(await g.transfer(wechat)).toEqual({ state: 'paid', reference: (first as { reference: string }).reference });
    expect(g.paidCount).toBe(1);
    await expect(g.cancel(wechat.payoutNo)).rejects.toBeInstanceOf(PayoutGatewayError);
  });
  it('is closed unconfirmed after 24 hours, or when cancelled, and then cannot be confirmed', async () => {
    const g = new PayoutSimulator();
    const a = await g.transfer(wechat);
    const b = await g.transfer({ ...wechat, payoutNo: 'CW000010' });
    expect(await g.cancel('CW000010')).toEqual({ state: 'cancelled' });
    expect((await g.transfer({ ...wechat, payoutNo: 'CW000010' })).state).toBe('failed');
    expect(g.confirmByPayee((b as { payeeWait: { packageInfo: string } }).payeeWait.packageInfo, OPENID)).toMatch(/转账单号错误|已失效/);
    clock.advance(24 * 3600_000);
    expect(await g.transfer(wechat)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/已撤销/) });
    expect(g.confirmByPayee((a as { payeeWait: { packageInfo: string } }).payeeWait.packageInfo, OPENID)).toMatch(/转账单号错误|已失效/);
    expect(g.paidCount).toBe(0);
  });
});
