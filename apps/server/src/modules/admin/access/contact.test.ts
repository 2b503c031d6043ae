import { describe, expect, it } from 'vitest';
import { contactFor, seesFullContact } from './contact';

describe('contactFor: customers’ mobiles by role', () => {
  it.each([
    ['platform_admin', '13800138000', '13800138000'],
    ['support', '13800138000', '138****8000'],
    ['finance', ' 13800138000 ', '138****8000'],
    ['agent_admin', '13800138000', '138****8000'],
    ['support', '电话 13800138000，微信同号', '电话 138******00，微信同号'],
    ['support', '021-64000000', '021-640***00'],
    ['support', 'wx: zhangsan', 'wx: zhangsan'],
    ['support', '', ''],
    ['support', null, null],
  ] as const)('%s sees %j as %j', (role, value, shown) => {
    expect(contactFor(role, value)).toBe(shown);
  });

  it('only the platform administrator sees them whole', () => {
    expect(['platform_admin', 'agent_admin', 'support', 'finance'].filter((r) => seesFullContact(r as never))).toEqual(['platform_admin']);
  });
});
