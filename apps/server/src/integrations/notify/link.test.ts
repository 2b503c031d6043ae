// An alert's link (docs/decisions/0038-alerts-in-the-messaging-app.md): the configured https origin
// plus a path of the portal's own — never javascript:, another origin, or a path smuggled in.
import { describe, expect, it } from 'vitest';
import { alertLink } from './link';

const ORIGIN = 'https://h5.example.com';

describe('alertLink', () => {
  it.each([
    ['/recharge', 'https://h5.example.com/recharge'],
    ['/combo', 'https://h5.example.com/combo'],
    ['/order', 'https://h5.example.com/order'],
    [null, 'https://h5.example.com/'],
    ['javascript:alert(1)', 'https://h5.example.com/'],
    ['//evil.example.com/x', 'https://h5.example.com/'],
    ['/\\evil.example.com', 'https://h5.example.com/'],
    ['https://evil.example.com/', 'https://h5.example.com/'],
    ['/recharge?next=https://evil.example.com', 'https://h5.example.com/'],
    ['/../admin', 'https://h5.example.com/'],
  ])('%s → %s', (path, url) => {
    expect(alertLink(ORIGIN, path)).toBe(url);
  });

  it.each(['http://h5.example.com', 'javascript:alert(1)', 'https://h5.example.com/base', 'https://u:p@h5.example.com'])(
    'refuses the origin %s',
    (origin) => {
      expect(() => alertLink(origin, '/recharge')).toThrow();
    },
  );
});
