// The console's writer refuses exactly the URLs the portal's reader would hide: the contract's
// isSafeUrlText and @portal/domain's safeUrl agree, row by row.
import { describe, expect, it } from 'vitest';
import { BrandingFields, isSafeUrlText } from '@portal/contract/admin';
import { safeUrl } from '@portal/domain';

const ROWS: [string, boolean][] = [
  ['', true],
  ['https://kf.example.com/chat?id=1', true],
  ['http://example.com', true],
  ['/api/admin/public/branding-image/abc', true],
  ['  https://example.com  ', true],
  ['javascript:alert(1)', false],
  ['JavaScript:alert(1)', false],
  ['data:image/png;base64,AAAA', false],
  ['vbscript:msgbox', false],
  ['//evil.example.com/x', false],
  ['ftp://example.com/file', false],
  ['not a url', false],
  ['weixin://dl/chat', false],
  // docs/decisions/0028: browsers read "\\" as "/" and drop tabs and newlines, so these leave the site
  ['/\\evil.example/x', false],
  ['/\t/evil.example', false],
  ['/\n/evil.example', false],
  ['/%09/evil.example', true],
  ['https://example.com\\@evil.example/', false],
  ['https://kf.example.com/a\tb', false],
  ['/brand/\u0000logo.svg', false],
];

describe('safe URLs of branding', () => {
  it.each(ROWS)('%s → %s', (value, safe) => {
    expect(isSafeUrlText(value)).toBe(safe);
    // the reader shows a configured value exactly when the writer accepts it
    if (value.trim() !== '') expect(safeUrl(value) !== '').toBe(safe);
  });

  const fields = (o: Record<string, string>) => ({
    nickname: 'a',
    apply_name: 'a',
    enterprise_name: '',
    contact_email: '',
    hotline: '',
    service_hours: '',
    customer_url: '',
    app_url: '',
    ios_url: '',
    h5_url: '',
    logo: '',
    guide_qrcode: '',
    official_account_qrcode: '',
    open_type: 0,
    open_customer: true,
    ...o,
  });

  it.each([
    ['customer_url', 'javascript:alert(1)'],
    ['app_url', 'javascript:alert(1)'],
    ['ios_url', 'javascript:alert(1)'],
    ['ios_url', 'itms-services://?action=download-manifest'],
  ])('the branding schema refuses an unsafe %s at its field', (field, value) => {
    const r = BrandingFields.safeParse(fields({ [field]: value }));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual([field]);
  });

  it('an App Store link is a safe iPhone link', () => {
    expect(BrandingFields.safeParse(fields({ ios_url: 'https://apps.apple.com/cn/app/id1234567890' })).success).toBe(true);
  });
});
