// Branding per agent: by mark before login, by the card's agent after (docs/spec/portal-spec.md §3 and §7).
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp } from './harness';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

const DEMO_BRANDING = {
  mark: 'demo',
  app_url: 'https://www.changlian.example.com/app',
  ios_url: 'https://apps.apple.com/cn/app/id1234567890',
  h5_url: 'https://h5.changlian.example.com/',
  apply_name: '畅联流量卡自助服务',
  enterprise_name: '畅联物联网科技有限公司',
  contact_email: 'service@changlian.example.com',
  customer_url: '',
  guide_qrcode: '/brand/demo-guide.svg',
  official_account_qrcode: '/brand/demo-official.svg',
  open_type: 0,
  open_customer: true,
  agent_form: true,
  product_form: true,
  open_balance_recharge: true,
  card_login: true,
  open_market: false,
  // customer service by phone is public: the logged-out /customer shows it
  hotline: '400-800-1234',
  service_hours: '每天 9:00-21:00',
  logo: '/brand/demo-logo.svg',
};
const ACME_BRANDING = {
  mark: 'acme',
  app_url: 'https://acme.example.com/download',
  ios_url: '',
  h5_url: 'https://m.acme.example.com/',
  apply_name: '极客通信用户中心',
  enterprise_name: '极客通信技术有限公司',
  contact_email: 'help@acme.example.com',
  customer_url: 'https://support.acme.example.com/im',
  guide_qrcode: '/brand/acme-guide.svg',
  official_account_qrcode: '/brand/acme-official.svg',
  open_type: 0,
  open_customer: true,
  agent_form: true,
  product_form: true,
  open_balance_recharge: false,
  card_login: true,
  open_market: false,
  hotline: '400-900-5678',
  service_hours: '',
  logo: '/brand/acme-logo.svg',
};

describe.each(databases())('branding on %s', (kind) => {
  const t = useTestApp(kind);

  describe('GET /api/v1/application/customer_url', () => {
    it('answers the branding of the mark, without login; no mark or an empty one is the default agent', async () => {
      expect(okData(await t.get('/api/v1/application/customer_url?mark=demo'))).toEqual(DEMO_BRANDING);
      expect(okData(await t.get('/api/v1/application/customer_url?mark=acme'))).toEqual(ACME_BRANDING);
      expect(okData(await t.get('/api/v1/application/customer_url'))).toEqual(DEMO_BRANDING);
      expect(okData(await t.get('/api/v1/application/customer_url?mark='))).toEqual(DEMO_BRANDING);
    });

    it('answers 404 in the envelope for an unknown mark', async () => {
      const res = expectRejected(await t.get('/api/v1/application/customer_url?mark=nosuchagent'), 404);
      expect(res).toEqual({ code: 40400, message: '未找到该品牌，请检查链接是否正确', data: null });
    });

    it('passes every configured URL through safeUrl', async () => {
      await t.db.kysely
        .updateTable('agents')
        .set({
          customer_url: 'javascript:alert(1)',
          app_url: '//evil.example.com/x',
          ios_url: 'javascript:alert(1)',
          logo: 'data:image/svg+xml,<svg onload=alert(1)>',
          h5_url: ' https://ok.example.com/h5 ',
          // docs/decisions/0028: stored before the console refused them, still never shown
          guide_qrcode: '/\\evil.example/qr.png',
          official_account_qrcode: '/\t/evil.example/qr.png',
        })
        .where('mark', '=', 'acme')
        .execute();
      try {
        const data = okData(await t.get('/api/v1/application/customer_url?mark=acme'));
        expect(data).toMatchObject({
          customer_url: '',
          app_url: '',
          ios_url: '',
          h5_url: 'https://ok.example.com/h5',
          guide_qrcode: '',
          official_account_qrcode: '',
        });
        const token = await t.loginCard('1000000014');
        const full = okData(await t.get('/api/v2/application/info?custom_num=1000000014', token));
        expect(full).toMatchObject({ customer_url: '', app_url: '', logo: '' });
      } finally {
        await t.db.kysely
          .updateTable('agents')
          .set({
            customer_url: ACME_BRANDING.customer_url,
            app_url: ACME_BRANDING.app_url,
            ios_url: '',
            logo: '/brand/acme-logo.svg',
            h5_url: 'https://m.acme.example.com',
            guide_qrcode: ACME_BRANDING.guide_qrcode,
            official_account_qrcode: ACME_BRANDING.official_account_qrcode,
          })
          .where('mark', '=', 'acme')
          .execute();
      }
    });
  });

  describe('GET /api/v2/application/info', () => {
    it('answers the full branding of the card’s agent', async () => {
      const token = await t.loginAccount();
      expect(okData(await t.get('/api/v2/application/info?custom_num=1000000001', token))).toEqual({
        ...DEMO_BRANDING,
        coupon_goods: true,
        logo: '/brand/demo-logo.svg',
      });
      const acme = await t.loginCard('1000000014');
      expect(okData(await t.get('/api/v2/application/info?custom_num=1000000014', acme))).toEqual({
        ...ACME_BRANDING,
        coupon_goods: false,
        logo: '/brand/acme-logo.svg',
      });
    });

    it('is for the caller’s own cards only', async () => {
      const card20 = await t.loginCard('1000000020');
      expect(expectRejected(await t.get('/api/v2/application/info?custom_num=1000000001', card20), 403)).toEqual({
        code: 40300,
        message: '当前请求没有权限',
        data: null,
      });
      const token = await t.loginAccount();
      expect(expectRejected(await t.get('/api/v2/application/info?custom_num=1999999999', token), 400).code).toBe(10000);
      expect(expectRejected(await t.get('/api/v2/application/info?custom_num=1000000001'), 401).code).toBe(40100);
    });
  });

  it('rejects bad input with a Chinese message, never 500, writing nothing', async () => {
    const token = await t.loginAccount();
    await expectAllRejectedWithoutWrites(t, [
      { name: 'mark with spaces', send: () => t.get('/api/v1/application/customer_url?mark=a%20b'), status: 400, message: /代理标识/ },
      {
        name: 'mark too long',
        send: () => t.get(`/api/v1/application/customer_url?mark=${'a'.repeat(40)}`),
        status: 400,
        message: /代理标识/,
      },
      { name: 'mark twice', send: () => t.get('/api/v1/application/customer_url?mark=demo&mark=acme'), status: 400 },
      { name: 'mark unknown', send: () => t.get('/api/v1/application/customer_url?mark=zzz'), status: 404 },
      { name: 'info without card', send: () => t.get('/api/v2/application/info', token), status: 400, message: /卡号/ },
      { name: 'info bad card', send: () => t.get('/api/v2/application/info?custom_num=12ab', token), status: 400, message: /卡号/ },
      { name: 'info forged token', send: () => t.get('/api/v2/application/info?custom_num=1000000001', 'x.y.z'), status: 401 },
      { name: 'info unknown card', send: () => t.get('/api/v2/application/info?custom_num=1999999999', token), status: 400, code: 10000 },
      { name: 'info not mine', send: () => t.get('/api/v2/application/info?custom_num=1000000014', token), status: 403 },
    ]);
  });
});
