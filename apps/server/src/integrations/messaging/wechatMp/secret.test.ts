// The official account's AppSecret read at start-up (docs/decisions/0038-alerts-in-the-messaging-app.md):
// from the variable, or from the file WECHAT_MP_SECRET_FILE names; a file that cannot be read or is
// empty stops the start naming the variable, never the secret.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { loadMessagingAppSecret } from '../../providers';

const base = { WECHAT_MP_APPID: 'wx0123456789abcdef', WECHAT_MP_TEMPLATE_ID: 'TPL_1', PAY_PUBLIC_URL: 'https://h5.example.com' };
const dir = mkdtempSync(join(tmpdir(), 'mp-secret-test-'));

describe('the official account secret', () => {
  it('is null without the channel, the variable when given, the trimmed file otherwise', () => {
    expect(loadMessagingAppSecret(loadConfig({}))).toBeNull();
    expect(loadMessagingAppSecret(loadConfig({ ...base, WECHAT_MP_SECRET: 'from-env' }))).toBe('from-env');
    writeFileSync(join(dir, 'secret'), 'from-file-0123\n');
    expect(loadMessagingAppSecret(loadConfig({ ...base, WECHAT_MP_SECRET_FILE: join(dir, 'secret') }))).toBe('from-file-0123');
  });

  it.each([
    ['missing', join(dir, 'nope'), /^WECHAT_MP_SECRET_FILE: cannot read /],
    ['empty', join(dir, 'empty'), /^WECHAT_MP_SECRET_FILE: .* is empty/],
  ])('a %s file stops the start naming the variable', (_n, file, message) => {
    writeFileSync(join(dir, 'empty'), '  \n');
    const err = (() => {
      try {
        loadMessagingAppSecret(loadConfig({ ...base, WECHAT_MP_SECRET_FILE: file }));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems[0]).toMatch(message);
  });
});
