import { describe, expect, it } from 'vitest';
import { requestOf, type AlertForm } from './alertForm';
import { noticeAction } from './noticeAction';

const form = (o: Partial<AlertForm>): AlertForm => ({
  data_alert: true,
  threshold_unit: 'percent',
  threshold_value: '20',
  expiry_alert: false,
  expiry_days: 3,
  auto_renew: false,
  channel_sms: true,
  channel_mp: false,
  ...o,
});

describe('the alert settings form', () => {
  it.each([
    ['20 %', form({}), null],
    ['empty share', form({ threshold_value: '' }), '请填写剩余流量比例'],
    ['empty amount', form({ threshold_unit: 'mb', threshold_value: ' ' }), '请填写剩余流量（单位MB）'],
    ['letters', form({ threshold_value: '2O' }), '请填写剩余流量比例'],
    ['0 %', form({ threshold_value: '0' }), '剩余流量比例请填写1到90之间的整数'],
    ['a fraction', form({ threshold_value: '12.5' }), '剩余流量比例请填写1到90之间的整数'],
    ['500 MB', form({ threshold_unit: 'mb', threshold_value: '500' }), null],
  ] as const)('%s', (_n, f, problem) => {
    const r = requestOf('1000000001', f);
    expect('problem' in r ? r.problem : null).toBe(problem);
    if ('request' in r) expect(r.request).toMatchObject({ custom_num: '1000000001', threshold_value: Number(f.threshold_value) });
  });
});

describe('what a notice offers', () => {
  it.each([
    ['recharge', null, { text: '去充值', path: '/recharge' }],
    ['renew', null, { text: '去续订', path: '/combo' }],
    ['flow', null, { text: '查看流量', path: '/flow' }],
    ['order', '2026112400000001', { text: '查看订单', path: '/order?order_no=2026112400000001' }],
    ['', null, null],
  ] as const)('%s', (action, orderNo, expected) => expect(noticeAction({ action, order_no: orderNo })).toEqual(expected));

  it('sends the channels the page offers, and leaves the others as saved', () => {
    const f = form({ channel_sms: false, channel_mp: true });
    expect(requestOf('1000000001', f)).toMatchObject({ request: { channel_sms: false, channel_mp: true } });
    const r = requestOf('1000000001', f, { sms: false, mp: false });
    expect('request' in r && Object.keys(r.request)).not.toContain('channel_sms');
    expect('request' in r && Object.keys(r.request)).not.toContain('channel_mp');
  });
});
