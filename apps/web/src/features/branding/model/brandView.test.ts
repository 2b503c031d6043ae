import type { Branding, BrandingFull } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { brandView, FALLBACK_APP_NAME } from './brandingStore';

const base: Branding = {
  mark: 'acme',
  app_url: 'javascript:alert(1)',
  ios_url: 'javascript:alert(2)',
  h5_url: 'https://m.acme.example.com',
  apply_name: '极客通信用户中心',
  enterprise_name: '极客通信技术有限公司',
  contact_email: 'help@acme.example.com',
  customer_url: 'https://support.acme.example.com/im',
  guide_qrcode: '/brand/acme-guide.svg',
  official_account_qrcode: 'data:image/svg+xml,<svg/>',
  open_type: 0,
  open_customer: true,
  agent_form: true,
  product_form: true,
  open_balance_recharge: false,
  card_login: false,
  open_market: false,
  hotline: '',
  service_hours: '',
  logo: 'javascript:alert(1)',
};
const full: BrandingFull = {
  ...base,
  mark: 'demo',
  apply_name: '畅联流量卡自助服务',
  hotline: '400-800-1234',
  service_hours: '每天 9:00-21:00',
  logo: '/brand/demo-logo.svg',
  coupon_goods: true,
};

describe('brandView', () => {
  it("shows the mark's logo before any login, never an unsafe one", () => {
    expect(brandView({ base }).logo).toBe('');
    expect(brandView({ base: { ...base, logo: '/api/admin/public/branding-image/abc.png' } }).logo).toBe(
      '/api/admin/public/branding-image/abc.png',
    );
  });

  it('falls back to a generic name before branding loads, and keeps card login offered', () => {
    const v = brandView({});
    expect(v.appName).toBe(FALLBACK_APP_NAME);
    expect(v.openCustomer).toBe(false);
    expect(v.cardLogin).toBe(true);
  });

  it('shows the mark branding, with every configured URL through safeUrl', () => {
    const v = brandView({ base });
    expect(v.appName).toBe('极客通信用户中心');
    expect(v.company).toBe('极客通信技术有限公司');
    expect(v.customerUrl).toBe('https://support.acme.example.com/im');
    expect(v.appDownloadUrl).toBe('');
    expect(v.iosDownloadUrl).toBe('');
    expect(v.appDownloadUrl).toBe('');
    expect(v.officialAccountQrcode).toBe('');
    expect(v.cardLogin).toBe(false);
  });

  it("prefers the card's agent branding once it is known", () => {
    const v = brandView({ base, full, fullCard: '1000000001' });
    expect(v.appName).toBe('畅联流量卡自助服务');
    expect(v.hotline).toBe('400-800-1234');
    expect(v.serviceHours).toBe('每天 9:00-21:00');
    expect(v.logo).toBe('/brand/demo-logo.svg');
  });
});
