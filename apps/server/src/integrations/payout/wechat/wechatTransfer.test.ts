// WeChat Pay's merchant transfer adapter (docs/decisions/0036-wechat-payout.md): the state table,
// the request as signed and sent, and the adapter against the fake transfer server — paid once per
// number, a failure with its reason, a transfer waiting for the payee, forged and refused answers.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { platformHeaders } from '../../payment/wechatpay/gatewaySide';
import { PayoutGatewayError } from '../gateway';
import { BILL_STATES, failureText, outcomeOfBill } from './bill';
import { FAKE_FAILING_PAYEE, FAKE_WAITING_PAYEE, FakeWechatTransfer } from './fakeServer';
import { TRANSFER_PATH, WechatTransferGateway } from './gateway';
import { decryptSensitive, encryptSensitive } from './sensitive';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const NOW = Date.UTC(2026, 10, 27, 2, 0, 0);
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

const input = { payoutNo: 'CW0000000007', amountFen: 12_300, method: 3, payee: '张三', account: OPENID };

function setup(o: { sceneId?: string; signer?: typeof merchant } = {}) {
  const fake = new FakeWechatTransfer({
    mchid: MCHID,
    appid: APPID,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicKey,
    platformSerial: PLATFORM_SERIAL,
    platformPrivateKey: platform.privateKey,
    now: () => NOW,
  });
  const gateway = new WechatTransferGateway({
    mchid: MCHID,
    appid: APPID,
    serialNo: MERCHANT_SERIAL,
    privateKey: (o.signer ?? merchant).privateKey,
    platform: { serial: PLATFORM_SERIAL, publicKey: platform.publicKey },
    sceneId: o.sceneId ?? '1005',
    transport: fake.transport,
    now: () => NOW,
    nonce: () => 'NONCE1234',
  });
  return { fake, gateway };
}

describe('the bill states in our words', () => {
  // [state, outcome]
  const table: [string, 'paid' | 'failed' | 'processing'][] = [
    ['ACCEPTED', 'processing'],
    ['PROCESSING', 'processing'],
    ['WAIT_USER_CONFIRM', 'processing'],
    ['TRANSFERING', 'processing'],
    ['CANCELING', 'processing'],
    ['SUCCESS', 'paid'],
    ['FAIL', 'failed'],
    ['CANCELLED', 'failed'],
  ];
  it.each(table)('%s is %s', (state, kind) => {
    expect(BILL_STATES[state]).toBe(kind);
    expect(outcomeOfBill({ out_bill_no: 'CW1', transfer_bill_no: 'T1', state })?.state).toBe(kind);
  });
  it('a paid bill quotes the gateway bill number; a processing one says what it waits for', () => {
    expect(outcomeOfBill({ out_bill_no: 'CW1', transfer_bill_no: 'T1', state: 'SUCCESS' })).toEqual({ state: 'paid', reference: 'T1' });
    expect(
      outcomeOfBill({
        out_bill_no: 'CW1',
        transfer_bill_no: 'T1',
        state: 'WAIT_USER_CONFIRM',
        create_time: '2026-11-27T10:00:00+08:00',
        package_info: 'PKG==',
      }),
    ).toEqual({
      state: 'processing',
      reference: 'T1',
      note: '待收款人在微信中确认收款',
      billState: 'WAIT_USER_CONFIRM',
      // the payee has 24 hours to confirm
      payeeWait: { packageInfo: 'PKG==', expiresAt: '2026-11-28T02:00:00.000Z' },
    });
  });
  it('a failure says why in Chinese, an unknown code with the code; an undocumented state is no outcome', () => {
    expect(outcomeOfBill({ out_bill_no: 'CW1', transfer_bill_no: 'T1', state: 'FAIL', fail_reason: 'NAME_NOT_CORRECT' })).toEqual({
      state: 'failed',
      reason: '收款人姓名与微信实名不一致',
    });
    expect(failureText('SOMETHING_NEW')).toBe('微信转账失败（SOMETHING_NEW）');
    expect(failureText(undefined)).toBe('微信转账失败');
    expect(outcomeOfBill({ out_bill_no: 'CW1', transfer_bill_no: 'T1', state: 'REFUNDED_MAYBE' })).toBeNull();
  });
});

describe('the request', () => {
  it('is the documented body, signed over exactly the bytes sent, the name encrypted for the platform key', async () => {
    const { fake, gateway } = setup();
    await gateway.transfer(input);
    const [query, create] = fake.requests;
    expect(query!.method).toBe('GET');
    expect(query!.url).toBe(`https://api.mch.weixin.qq.com${TRANSFER_PATH}/out-bill-no/CW0000000007`);
    expect(create!.url).toBe(`https://api.mch.weixin.qq.com${TRANSFER_PATH}`);
    expect(create!.headers['wechatpay-serial']).toBe(PLATFORM_SERIAL);
    const body = JSON.parse(create!.body!);
    expect(body).toMatchObject({
      appid: APPID,
      out_bill_no: 'CW0000000007',
      transfer_scene_id: '1005',
      openid: OPENID,
      transfer_amount: 12_300,
      transfer_remark: '佣金提现 CW0000000007',
      user_recv_perception: '劳务报酬',
      transfer_scene_report_infos: [
        { info_type: '岗位类型', info_content: '代理商' },
        { info_type: '报酬说明', info_content: '代理佣金提现 123.00元' },
      ],
    });
    expect(body.user_name).not.toContain('张三');
    expect(decryptSensitive(body.user_name, platform.privateKey)).toBe('张三');
    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="NONCE1234",signature="([^"]+)",timestamp="(\d+)",serial_no="5157F09E[0-9A-F]+"$/.exec(
        create!.headers.authorization!,
      );
    expect(m).not.toBeNull();
    const signed = `POST\n${TRANSFER_PATH}\n${m![2]}\nNONCE1234\n${create!.body}\n`;
    expect(createVerify('RSA-SHA256').update(signed).verify(merchant.publicKey, m![1]!, 'base64')).toBe(true);
    expect(fake.refusedSignatures).toEqual([]);
  });
  it('a sensitive field encrypted under another key does not decrypt', () => {
    expect(decryptSensitive(encryptSensitive('张三', stranger.publicKey), platform.privateKey)).toBeNull();
  });
});

describe('against the fake transfer server', () => {
  it('pays once under the same number and answers the same bill again', async () => {
    const { fake, gateway } = setup();
    const first = await gateway.transfer(input);
    const again = await gateway.transfer(input);
    expect(first.state).toBe('paid');
    expect(again).toEqual(first);
    expect(fake.paidCount).toBe(1);
    // the second ask found the bill and created nothing
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
  });
  it('a payee whose name does not match fails with the reason, and keeps failing', async () => {
    const { fake, gateway } = setup();
    const bad = { ...input, payee: FAKE_FAILING_PAYEE };
    expect(await gateway.transfer(bad)).toEqual({ state: 'failed', reason: '收款人姓名与微信实名不一致' });
    expect(await gateway.transfer(bad)).toEqual({ state: 'failed', reason: '收款人姓名与微信实名不一致' });
    expect(fake.paidCount).toBe(0);
  });
  it('a transfer waiting for the payee is processing until it is settled, then paid or cancelled', async () => {
    const { fake, gateway } = setup();
    const waiting = { ...input, payee: FAKE_WAITING_PAYEE };
    const first = await gateway.transfer(waiting);
    expect(first).toMatchObject({ state: 'processing', note: '待收款人在微信中确认收款' });
    expect((await gateway.transfer(waiting)).state).toBe('processing');
    fake.settle(waiting.payoutNo, 'SUCCESS');
    expect(await gateway.transfer(waiting)).toEqual({ state: 'paid', reference: (first as { reference: string }).reference });
    const other = { ...waiting, payoutNo: 'CW0000000008' };
    await gateway.transfer(other);
    fake.settle(other.payoutNo, 'CANCELLED');
    expect((await gateway.transfer(other)).state).toBe('failed');
    expect(fake.paidCount).toBe(1);
  });
  it('the payee confirms with the package 发起转账 answered; the query leaves it out, and asking again brings it back', async () => {
    const { fake, gateway } = setup();
    const waiting = { ...input, payee: FAKE_WAITING_PAYEE };
    const first = await gateway.transfer(waiting);
    const pkg = fake.packageOf(waiting.payoutNo)!;
    expect(first).toMatchObject({ state: 'processing', billState: 'WAIT_USER_CONFIRM', payeeWait: { packageInfo: pkg } });
    // asked again: the query answers the bill without its package
    expect((await gateway.transfer(waiting)) as object).not.toHaveProperty('payeeWait.packageInfo');
    // wanted: 发起转账 again under the same number answers the same bill with it, creating nothing
    const again = await gateway.transfer({ ...waiting, wantPackage: true });
    expect(again).toMatchObject({ payeeWait: { packageInfo: pkg }, reference: (first as { reference: string }).reference });
    expect(fake.confirmByPayee(pkg, 'oSomebodyElse0000')).toBe('你的微信号与商家指定的微信号不一致');
    expect(fake.confirmByPayee(pkg, OPENID)).toBe('ok');
    expect(await gateway.transfer(waiting)).toEqual({ state: 'paid', reference: (first as { reference: string }).reference });
    expect(fake.paidCount).toBe(1);
    expect(fake.confirmByPayee(pkg, OPENID)).toBe('你已收款');
  });

  it('撤销转账 before the payee confirms: CANCELING, then CANCELLED; a paid bill refuses it', async () => {
    const { fake, gateway } = setup();
    const waiting = { ...input, payee: FAKE_WAITING_PAYEE };
    await gateway.transfer(waiting);
    expect(await gateway.cancel(waiting.payoutNo)).toEqual({ state: 'canceling' });
    const cancel = fake.requests.at(-1)!;
    expect(cancel.method).toBe('POST');
    expect(cancel.url).toBe(`https://api.mch.weixin.qq.com${TRANSFER_PATH}/out-bill-no/CW0000000007/cancel`);
    expect(await gateway.transfer(waiting)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/已撤销/) });
    expect(await gateway.cancel(waiting.payoutNo)).toEqual({ state: 'cancelled' });
    await gateway.transfer({ ...input, payoutNo: 'CW0000000008' });
    const err = await gateway.cancel('CW0000000008').catch((e: unknown) => e);
    expect((err as PayoutGatewayError).shown).toMatch(/不支持撤销/);
    expect((err as PayoutGatewayError).nothingCreated).toBe(false);
    expect(fake.refusedSignatures).toEqual([]);
  });

  it('a bill left unconfirmed is closed CANCELLED 24 hours after it was made', async () => {
    let now = NOW;
    const fake = new FakeWechatTransfer({
      mchid: MCHID,
      appid: APPID,
      merchantSerial: MERCHANT_SERIAL,
      merchantPublicKey: merchant.publicKey,
      platformSerial: PLATFORM_SERIAL,
      platformPrivateKey: platform.privateKey,
      now: () => now,
    });
    const gateway = new WechatTransferGateway({
      mchid: MCHID,
      appid: APPID,
      serialNo: MERCHANT_SERIAL,
      privateKey: merchant.privateKey,
      platform: { serial: PLATFORM_SERIAL, publicKey: platform.publicKey },
      sceneId: '1005',
      transport: fake.transport,
      now: () => now,
    });
    const waiting = { ...input, payee: FAKE_WAITING_PAYEE };
    const first = await gateway.transfer(waiting);
    expect((first as { payeeWait: { expiresAt: string } }).payeeWait.expiresAt).toBe(new Date(NOW + 24 * 3600_000).toISOString());
    now = NOW + 24 * 3600_000 - 1_000;
    expect((await gateway.transfer(waiting)).state).toBe('processing');
    now = NOW + 24 * 3600_000;
    expect((await gateway.transfer(waiting)).state).toBe('failed');
    expect(fake.stateOf(waiting.payoutNo)).toBe('CANCELLED');
    expect(fake.confirmByPayee(fake.packageOf(waiting.payoutNo)!, OPENID)).toBe('该笔转账已失效');
  });

  it('a number reused with another amount is an error, not a second payment', async () => {
    const { fake, gateway } = setup();
    await gateway.transfer(input);
    await expect(gateway.transfer({ ...input, amountFen: 1_000 })).rejects.toBeInstanceOf(PayoutGatewayError);
    expect(fake.paidCount).toBe(1);
  });
  it('a request signed with another key is refused by the gateway, with its words for finance', async () => {
    const { fake, gateway } = setup({ signer: stranger });
    const err = await gateway.transfer(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayoutGatewayError);
    expect((err as PayoutGatewayError).shown).toMatch(/签名错误/);
    // refused at the query: that tells nothing of whether a bill exists
    expect((err as PayoutGatewayError).nothingCreated).toBe(false);
    expect(fake.refusedSignatures).toEqual(['bad_signature']);
    expect(fake.paidCount).toBe(0);
  });
  it('a scene without its report entries is refused as the gateway does', async () => {
    const { gateway } = setup({ sceneId: '1000' });
    const err = await gateway.transfer(input).catch((e: unknown) => e);
    expect((err as PayoutGatewayError).shown).toMatch(/转账场景报备信息.*PARAM_ERROR/);
    expect((err as PayoutGatewayError).nothingCreated).toBe(true);
  });
  it('an answer the platform did not sign is not believed (a forged SUCCESS pays nothing on our books)', async () => {
    const body = JSON.stringify({
      out_bill_no: input.payoutNo,
      transfer_bill_no: 'T1',
      state: 'SUCCESS',
      transfer_amount: 12_300,
      openid: OPENID,
    });
    const gateway = new WechatTransferGateway({
      mchid: MCHID,
      appid: APPID,
      serialNo: MERCHANT_SERIAL,
      privateKey: merchant.privateKey,
      platform: { serial: PLATFORM_SERIAL, publicKey: platform.publicKey },
      sceneId: '1005',
      now: () => NOW,
      transport: async () => ({
        status: 200,
        headers: platformHeaders(stranger.privateKey, PLATFORM_SERIAL, body, { timestamp: String(NOW / 1000) }),
        body,
      }),
    });
    const err = await gateway.transfer(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayoutGatewayError);
    expect((err as PayoutGatewayError).shown).toBeUndefined();
  });
  it('an unreachable gateway is an error that tells nothing (no words for finance: ask again)', async () => {
    const { fake, gateway } = setup();
    fake.down = true;
    const err = await gateway.transfer(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayoutGatewayError);
    expect((err as PayoutGatewayError).shown).toBeUndefined();
    expect((err as PayoutGatewayError).nothingCreated).toBe(false);
  });
  it('a busy gateway (429, 5xx) on 发起转账 tells nothing either: ask again under the same number', async () => {
    const { fake, gateway } = setup();
    for (const [status, code] of [
      [429, 'FREQUENCY_LIMITED'],
      [500, 'SYSTEM_ERROR'],
    ] as const) {
      fake.refuseNextCreate = { status, code, message: '系统繁忙' };
      const err = await gateway.transfer(input).catch((e: unknown) => e);
      expect((err as PayoutGatewayError).nothingCreated).toBe(false);
    }
    expect((await gateway.transfer(input)).state).toBe('paid');
  });
});
