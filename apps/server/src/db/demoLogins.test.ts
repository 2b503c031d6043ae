import { describe, expect, it } from 'vitest';
import { DEMO_LOGIN_HASHES } from './demoLogins';
import { DEMO_CARD_PASSWORD_HASH, DEMO_PASSWORD_HASH, LEGACY_DEMO_HASHES } from './seed';

describe('demo login hashes', () => {
  it('are the demo data’s own', () => {
    expect(DEMO_LOGIN_HASHES).toEqual({
      account: [DEMO_PASSWORD_HASH, LEGACY_DEMO_HASHES.account],
      card: [DEMO_CARD_PASSWORD_HASH, LEGACY_DEMO_HASHES.card],
    });
  });
});
