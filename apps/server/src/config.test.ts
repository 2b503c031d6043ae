import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  carrierSimulatorMounted,
  ConfigError,
  DEV_PAY_SANDBOX_SECRET,
  DEV_PERSONAL_DATA_KEY,
  ENV_NAMES,
  loadConfig,
  productionProblems,
  type Config,
} from './config';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** the messages loadConfig throws for env, or [] when it loads */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
}

describe('loadConfig: each kind of variable', () => {
  // [variable, good value, what it becomes, the config field]
  const good: [string, string, unknown, keyof Config][] = [
    ['PORT', '8080', 8080, 'port'],
    ['PORT', ' 0 ', 0, 'port'],
    ['HOST', '127.0.0.1', '127.0.0.1', 'host'],
    ['DATABASE_URL', 'postgres://u:p@h/db', 'postgres://u:p@h/db', 'databaseUrl'],
    ['PG_POOL_MAX', '4', 4, 'pgPoolMax'],
    ['PG_CONNECT_TIMEOUT_MS', '2500', 2500, 'pgConnectTimeoutMs'],
    ['WEB_DIST', '', null, 'webDist'],
    ['WEB_DIST', '/srv/web', '/srv/web', 'webDist'],
    ['CONSOLE_DIST', '', null, 'consoleDist'],
    ['CONSOLE_DIST', '/srv/console', '/srv/console', 'consoleDist'],
    ['FIRST_SCREEN_DIST', '', null, 'firstScreenDist'],
    ['FIRST_SCREEN_BUDGET_MS', '1000', 1000, 'firstScreenBudgetMs'],
    ['FIRST_SCREEN_CONCURRENCY', '2', 2, 'firstScreenConcurrency'],
    ['FIRST_SCREEN_DIST', '/srv/web-server', '/srv/web-server', 'firstScreenDist'],
    ['SEED_DEMO', '0', false, 'seedDemo'],
    ['SEED_DEMO', 'true', true, 'seedDemo'],
    ['LOG_LEVEL', 'warn', 'warn', 'logLevel'],
    ['TRUST_PROXY', '1', 1, 'trustProxy'],
    ['TRUST_PROXY', '10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1'], 'trustProxy'],
    ['TOKEN_TTL_HOURS', '2400', 2400 * 3600_000, 'tokenTtlMs'],
    ['TOKEN_ROTATE_BEFORE_HOURS', '0.5', 1800_000, 'tokenRotateBeforeMs'],
    ['ALLOW_SIMULATORS', 'Payments, sms,payments', ['payments', 'sms'], 'allowSimulators'],
    ['PAY_SANDBOX_SECRET', 's3cret', 's3cret', 'paySandboxSecret'],
    ['PAY_SANDBOX_NOTIFY_DELAY_MS', '0', 0, 'paySandboxNotifyDelayMs'],
    ['PAY_SANDBOX_NOTIFY_COPIES', '1', 1, 'paySandboxNotifyCopies'],
    ['PAY_SANDBOX_DROP_NOTIFY', '1', true, 'paySandboxDropNotify'],
    ['PAY_ORDER_TTL_MINUTES', '30', 1800_000, 'payOrderTtlMs'],
    ['PAY_QUERY_AFTER_SECONDS', '5', 5000, 'payQueryAfterMs'],
    ['PAY_RECONCILE_INTERVAL_SECONDS', '0', 0, 'payReconcileIntervalMs'],
    ['PERSONAL_DATA_KEY', 'k'.repeat(40), 'k'.repeat(40), 'personalDataKey'],
    ['DEVICE_CHECKIN_SECONDS', '1', 1000, 'deviceCheckinMs'],
    ['DEVICE_REBOOT_SECONDS', '3', 3000, 'deviceRebootMs'],
    ['ALERTS_INTERVAL_SECONDS', '0', 0, 'alertsIntervalMs'],
    ['BULK_JOBS_INTERVAL_SECONDS', '0', 0, 'bulkJobsIntervalMs'],
    ['CARRIER_SYNC_INTERVAL_SECONDS', '0', 0, 'carrierSyncIntervalMs'],
    ['CARRIER_TIMEOUT_SECONDS', '3', 3000, 'carrierTimeoutMs'],
    ['CARRIER_ACCOUNTS_FILE', '/etc/portal/carriers.json', '/etc/portal/carriers.json', 'carrierAccountsFile'],
    ['CLEANUP_INTERVAL_SECONDS', '60', 60_000, 'cleanupIntervalMs'],
    ['CLEANUP_GRACE_HOURS', '1', 3_600_000, 'cleanupGraceMs'],
    ['PAYOUT_QUERY_INTERVAL_SECONDS', '0', 0, 'payoutQueryIntervalMs'],
    ['SIM_CONTROLS', '1', true, 'simControls'],
    ['PASSWORD_HASH_COST', '18', 18, 'passwordHashCost'],
    ['NODE_ENV', 'production', true, 'production'],
    ['NODE_ENV', 'test', false, 'production'],
    // the SMS simulator prints its messages on a developer's terminal only (docs/decisions/0066)
    ['NODE_ENV', 'development', true, 'smsToTerminal'],
    ['NODE_ENV', 'test', false, 'smsToTerminal'],
    ['NODE_ENV', 'production', false, 'smsToTerminal'],
  ];
  it.each(good)('%s=%j → %j', (name, value, expected, field) => {
    expect(loadConfig({ [name]: value })[field]).toEqual(expected);
  });

  // missing (or empty) → today's default
  const defaults: [keyof Config, unknown][] = [
    ['production', false],
    ['smsToTerminal', true],
    ['port', 3000],
    ['host', '0.0.0.0'],
    ['databaseUrl', resolve(repoRoot, 'data/portal.db')],
    ['pgPoolMax', 10],
    ['pgConnectTimeoutMs', 5000],
    ['webDist', resolve(repoRoot, 'apps/web/dist')],
    ['consoleDist', resolve(repoRoot, 'apps/console/dist')],
    ['firstScreenDist', resolve(repoRoot, 'apps/web/dist-server')],
    ['firstScreenBudgetMs', 300],
    ['firstScreenConcurrency', 8],
    ['seedDemo', true],
    ['logLevel', 'info'],
    ['trustProxy', false],
    ['tokenTtlMs', 168 * 3600_000],
    ['tokenRotateBeforeMs', 24 * 3600_000],
    ['allowSimulators', []],
    ['paySandboxSecret', DEV_PAY_SANDBOX_SECRET],
    ['paySandboxNotifyDelayMs', 300],
    ['paySandboxNotifyCopies', 2],
    ['paySandboxDropNotify', false],
    ['payOrderTtlMs', 15 * 60_000],
    ['payQueryAfterMs', 10_000],
    ['payReconcileIntervalMs', 30_000],
    ['personalDataKey', DEV_PERSONAL_DATA_KEY],
    ['deviceCheckinMs', 5000],
    ['deviceRebootMs', 20_000],
    ['deviceModelsDir', resolve(repoRoot, 'deploy/device-models')],
    [
      'acs',
      {
        url: null,
        username: null,
        passwordFile: null,
        agents: [],
        file: null,
        timeoutMs: 10_000,
        taskTimeoutMs: 3000,
        informIntervalMs: 300_000,
        onlineWindowMs: 900_000,
        maxValueAgeMs: 300_000,
      },
    ],
    ['alertsIntervalMs', 300_000],
    ['bulkJobsIntervalMs', 2000],
    ['carrierSyncIntervalMs', 60_000],
    ['carrierTimeoutMs', 10_000],
    ['carrierAccountsFile', null],
    ['carrierAddresses', { httpsOnly: false, privateAllowed: true }],
    ['chatStreams', { max: 2000, recheckMs: 20_000 }],
    ['cleanupIntervalMs', 3_600_000],
    ['cleanupGraceMs', 604_800_000],
    ['simControls', false],
    ['payGateways', { wechat: 'sandbox', alipay: 'sandbox' }],
    ['payPublicUrl', null],
    ['wechatPay', null],
    ['alipay', null],
    ['smsProvider', 'log'],
    ['aliyunSms', null],
    ['wechatMp', null],
    ['payoutGateway', 'sandbox'],
    ['wechatPayout', null],
    ['payoutQueryIntervalMs', 300_000],
    ['passwordHashCost', 17],
    ['metricsPort', null],
    ['metricsHost', '127.0.0.1'],
    ['metricsToken', null],
    ['errorReports', { perMinute: 30, sentryDsn: null, newGroupsPerHour: 20, newGroupsPerReleaseHour: 200 }],
    [
      'overload',
      {
        maxEventLoopDelayMs: 0,
        turnBudgetMs: 0,
        maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
        sampleMs: 500,
        retryAfterSeconds: 5,
      },
    ],
  ];
  it.each(defaults)('missing → %s = %j', (field, expected) => {
    expect(loadConfig({})[field]).toEqual(expected);
  });
  it('names every field of Config in the defaults table', () => {
    expect(defaults.map(([f]) => f).sort()).toEqual(Object.keys(loadConfig({})).sort());
  });
  it('an empty variable counts as not set (WEB_DIST aside)', () => {
    const blank = Object.fromEntries(
      ENV_NAMES.filter((n) => n !== 'WEB_DIST' && n !== 'CONSOLE_DIST' && n !== 'FIRST_SCREEN_DIST').map((n) => [n, '']),
    );
    expect(loadConfig(blank)).toEqual(loadConfig({}));
  });
  it('sheds load by event-loop delay and loop turns in production, and by the heap as configured (docs/decisions/0033)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).overload.maxEventLoopDelayMs).toBe(0);
    const production = loadConfig({ NODE_ENV: 'production' }).overload;
    expect([production.maxEventLoopDelayMs, production.turnBudgetMs]).toEqual([50, 25]);
    expect(loadConfig({ NODE_ENV: 'test', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '20' }).overload.maxEventLoopDelayMs).toBe(20);
    expect(loadConfig({ OVERLOAD_MAX_HEAP_USED_MB: '512' }).overload.maxHeapUsedBytes).toBe(512 * 1024 * 1024);
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    for (const [name, value] of [
      ['METRICS_PORT', '0'],
      ['METRICS_PORT', '9x'],
      ['METRICS_TOKEN', 'short'],
      ['SENTRY_DSN', 'https://sentry.example.com/1'],
      ['ERROR_REPORTS_PER_MINUTE', '0'],
      ['OVERLOAD_SAMPLE_MS', '5'],
    ])
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
  });
  it('the metrics never share the public port in production', () => {
    const production = { NODE_ENV: 'production', PERSONAL_DATA_KEY: 'k'.repeat(40), PAY_SANDBOX_SECRET: 's'.repeat(40) };
    expect(productionProblems(loadConfig({ ...production, PORT: '3000', METRICS_PORT: '3000' })).join('\n')).toMatch(/^METRICS_PORT: /m);
    expect(productionProblems(loadConfig({ ...production, PORT: '3000', METRICS_PORT: '9464' })).join('\n')).not.toMatch(/METRICS_PORT/);
  });
  it('carrier addresses: anything on a developer’s machine; https and public in production unless a private line is allowed (docs/decisions/0057)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).carrierAddresses).toEqual({ httpsOnly: false, privateAllowed: true });
    expect(loadConfig({ NODE_ENV: 'production' }).carrierAddresses).toEqual({ httpsOnly: true, privateAllowed: false });
    expect(loadConfig({ NODE_ENV: 'production', CARRIER_ALLOW_PRIVATE_ADDRESSES: '1' }).carrierAddresses).toEqual({
      httpsOnly: true,
      privateAllowed: true,
    });
    expect(() => loadConfig({ CARRIER_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow('CARRIER_ALLOW_PRIVATE_ADDRESSES');
  });
  it('the demo data is off by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  });

  // wrong → a message naming the variable (and the value, unless it is a secret)
  const wrong: [string, string, string][] = [
    ['PORT', '30o0', 'PORT: must be a number (digits only, e.g. 30) (got "30o0")'],
    ['PORT', '70000', 'PORT: must be at most 65535'],
    ['PORT', '-1', 'PORT: must be a number'],
    ['PG_POOL_MAX', '2.5', 'PG_POOL_MAX: must be a whole number'],
    ['PG_POOL_MAX', '0', 'PG_POOL_MAX: must be at least 1'],
    ['FIRST_SCREEN_CONCURRENCY', '0', 'FIRST_SCREEN_CONCURRENCY: must be at least 1'],
    ['SEED_DEMO', 'yes', 'SEED_DEMO: must be 1 or 0 (got "yes")'],
    ['SIM_CONTROLS', 'on', 'SIM_CONTROLS: must be 1 or 0'],
    ['PAY_SANDBOX_DROP_NOTIFY', '2', 'PAY_SANDBOX_DROP_NOTIFY: must be 1 or 0'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL: must be fatal, error, warn, info, debug, trace or silent'],
    ['NODE_ENV', 'prod', 'NODE_ENV: must be development, production or test (got "prod")'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY: must name the proxy hops'],
    ['TRUST_PROXY', '1.2.3', 'TRUST_PROXY: not an address or CIDR: 1.2.3'],
    ['TOKEN_TTL_HOURS', '7d', 'TOKEN_TTL_HOURS: must be a number'],
    ['TOKEN_ROTATE_BEFORE_HOURS', 'NaN', 'TOKEN_ROTATE_BEFORE_HOURS: must be a number'],
    [
      'ALLOW_SIMULATORS',
      'carrier,paymnets',
      'ALLOW_SIMULATORS: unknown simulator paymnets; the simulators are carrier, devices, payments, sms',
    ],
    ['PAY_SANDBOX_NOTIFY_COPIES', '0', 'PAY_SANDBOX_NOTIFY_COPIES: must be at least 1'],
    ['PAY_ORDER_TTL_MINUTES', '15m', 'PAY_ORDER_TTL_MINUTES: must be a number'],
    ['DEVICE_CHECKIN_SECONDS', '0', 'DEVICE_CHECKIN_SECONDS: must be at least 0.1'],
    ['ALERTS_INTERVAL_SECONDS', '5 min', 'ALERTS_INTERVAL_SECONDS: must be a number'],
    ['WECHAT_PAY_GATEWAY', 'wechat', 'WECHAT_PAY_GATEWAY: must be sandbox or wechatpay (got "wechat")'],
    ['ALIPAY_GATEWAY', 'yes', 'ALIPAY_GATEWAY: must be sandbox or alipay'],
    ['SMS_PROVIDER', 'tencent', 'SMS_PROVIDER: must be log or aliyun'],
    ['PAY_PUBLIC_URL', 'http://h5.example.com', "PAY_PUBLIC_URL: must be the portal's public https origin"],
    ['PAY_PUBLIC_URL', 'https://h5.example.com/portal', "PAY_PUBLIC_URL: must be the portal's public https origin"],
    ['WECHATPAY_MCHID', 'abc', 'WECHATPAY_MCHID: must be the merchant number'],
  ];
  it.each(wrong)('%s=%j → "%s"', (name, value, message) => {
    const found = problems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });
  it('lists every wrong variable at once, in one message', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/cannot start[\s\S]*PORT:[\s\S]*LOG_LEVEL:/);
    }
  });
});

describe('productionProblems', () => {
  const secret = 'x'.repeat(64);
  const good = {
    NODE_ENV: 'production',
    PERSONAL_DATA_KEY: secret,
    PAY_SANDBOX_SECRET: 'y'.repeat(64),
    ALLOW_SIMULATORS: 'carrier,devices,payments,sms',
  };
  it('none for a proper production configuration', () => {
    expect(productionProblems(loadConfig(good))).toEqual([]);
  });
  it('none outside production, whatever it has', () => {
    expect(productionProblems(loadConfig({ SEED_DEMO: '1', SIM_CONTROLS: '1' }))).toEqual([]);
  });
  // [what changes, the one message it gives]
  const refused: [Record<string, string | undefined>, string][] = [
    [{ PERSONAL_DATA_KEY: undefined }, 'PERSONAL_DATA_KEY: set a secret of your own'],
    [{ PERSONAL_DATA_KEY: DEV_PERSONAL_DATA_KEY }, 'PERSONAL_DATA_KEY: set a secret of your own'],
    [{ PERSONAL_DATA_KEY: 'short' }, 'PERSONAL_DATA_KEY: use at least 32 characters'],
    [{ PAY_SANDBOX_SECRET: undefined }, 'PAY_SANDBOX_SECRET: set a secret of your own'],
    [{ PAY_SANDBOX_SECRET: 'short' }, 'PAY_SANDBOX_SECRET: use at least 32 characters'],
    [{ ALLOW_SIMULATORS: undefined }, 'ALLOW_SIMULATORS: the carrier, devices, payments, sms simulators are mounted'],
    [{ ALLOW_SIMULATORS: 'carrier,devices,sms' }, 'ALLOW_SIMULATORS: the payments simulator is mounted'],
    [{ SEED_DEMO: '1' }, 'SEED_DEMO: the demo data and its public passwords are never loaded in production'],
    [{ SIM_CONTROLS: '1' }, 'SIM_CONTROLS: the test controls move the server clock'],
  ];
  it.each(refused)('%j → "%s"', (change, message) => {
    const found = productionProblems(loadConfig({ ...good, ...change }));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });
  it('judges only the simulators mounted: an injected gateway needs neither allowing nor the sandbox secret', () => {
    const config = loadConfig({ ...good, ALLOW_SIMULATORS: 'carrier', PAY_SANDBOX_SECRET: undefined });
    expect(productionProblems(config, ['carrier'])).toEqual([]);
    expect(productionProblems(config, ['carrier', 'payments'])).toHaveLength(2);
  });
});

describe('real providers (docs/decisions/0021)', () => {
  const wechat = {
    WECHAT_PAY_GATEWAY: 'wechatpay',
    PAY_PUBLIC_URL: 'https://h5.example.com',
    WECHATPAY_MCHID: '1900009191',
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_CERT_SERIAL_NO: '5157f09efdc096de15ebe81a47057a7232f1b8e1',
    WECHATPAY_PRIVATE_KEY_FILE: '/etc/portal/apiclient_key.pem',
    WECHATPAY_APIV3_KEY: 'k'.repeat(32),
    WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000000',
    WECHATPAY_PLATFORM_KEY_FILE: '/etc/portal/wechatpay_pub.pem',
  };
  const alipay = {
    ALIPAY_GATEWAY: 'alipay',
    PAY_PUBLIC_URL: 'https://h5.example.com',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY_FILE: '/etc/portal/alipay_app_key.pem',
    ALIPAY_PUBLIC_KEY_FILE: '/etc/portal/alipay_pub.pem',
  };
  const aliyun = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestKeyId',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 's'.repeat(30),
    ALIYUN_SMS_SIGN_NAME: '流量卡服务',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    ALIYUN_SMS_TEMPLATE_NOTICE: 'SMS_2',
  };
  it("reads each provider's settings once it is chosen", () => {
    const c = loadConfig({ ...wechat, ...alipay, ...aliyun });
    expect(c.payGateways).toEqual({ wechat: 'wechatpay', alipay: 'alipay' });
    expect(c.wechatPay).toMatchObject({
      mchid: '1900009191',
      certSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      apiV3Key: 'k'.repeat(32),
    });
    expect(c.alipay).toEqual({
      appId: '2021000000000001',
      privateKeyFile: '/etc/portal/alipay_app_key.pem',
      publicKeyFile: '/etc/portal/alipay_pub.pem',
    });
    expect(c.aliyunSms).toMatchObject({ signName: '流量卡服务', codeTemplate: 'SMS_1' });
  });
  it('names every missing variable of a chosen provider, with what it is', () => {
    expect(problems({ WECHAT_PAY_GATEWAY: 'wechatpay' })).toEqual([
      "PAY_PUBLIC_URL: WECHAT_PAY_GATEWAY=wechatpay needs the portal's public https origin",
      'WECHATPAY_MCHID: WECHAT_PAY_GATEWAY=wechatpay needs the merchant number',
      "WECHATPAY_APPID: WECHAT_PAY_GATEWAY=wechatpay needs the official account's AppID",
      "WECHATPAY_CERT_SERIAL_NO: WECHAT_PAY_GATEWAY=wechatpay needs the merchant API certificate's serial number",
      'WECHATPAY_PRIVATE_KEY_FILE: WECHAT_PAY_GATEWAY=wechatpay needs the path of apiclient_key.pem',
      'WECHATPAY_APIV3_KEY: WECHAT_PAY_GATEWAY=wechatpay needs the APIv3 key',
      'WECHATPAY_PLATFORM_SERIAL: WECHAT_PAY_GATEWAY=wechatpay needs the platform certificate serial or public key id',
      'WECHATPAY_PLATFORM_KEY_FILE: WECHAT_PAY_GATEWAY=wechatpay needs the path of the platform public key or certificate PEM',
    ]);
    expect(problems({ ...aliyun, ALIYUN_SMS_TEMPLATE_NOTICE: '' })).toEqual([
      'ALIYUN_SMS_TEMPLATE_NOTICE: SMS_PROVIDER=aliyun needs the card-alert template (variables ${card}, ${title})',
    ]);
  });
  it('never shows the APIv3 key or the AccessKey secret in a message', () => {
    const found = problems({ ...wechat, WECHATPAY_APIV3_KEY: 'tooshort-secret' });
    expect(found).toEqual(['WECHATPAY_APIV3_KEY: must be the 32-character APIv3 key set in the merchant platform']);
  });
  it('production: real providers need no ALLOW_SIMULATORS entry; the sandbox or the SMS log still does', () => {
    const base = { NODE_ENV: 'production', PERSONAL_DATA_KEY: 'x'.repeat(64), ALLOW_SIMULATORS: 'carrier,devices' };
    expect(productionProblems(loadConfig({ ...base, ...wechat, ...alipay, ...aliyun }))).toEqual([]);
    // only WeChat Pay real: the sandbox still plays Alipay's channels
    expect(productionProblems(loadConfig({ ...base, ...wechat, ...aliyun, PAY_SANDBOX_SECRET: 'y'.repeat(64) }))).toEqual([
      'ALLOW_SIMULATORS: the payments simulator is mounted; a staging deployment that wants them names each one (ALLOW_SIMULATORS=carrier,devices,payments)',
    ]);
    expect(productionProblems(loadConfig({ ...base, ...wechat, ...alipay }))).toEqual([
      'ALLOW_SIMULATORS: the sms simulator is mounted; a staging deployment that wants them names each one (ALLOW_SIMULATORS=carrier,devices,sms)',
    ]);
  });
});

describe('.env.example', () => {
  const text = readFileSync(resolve(repoRoot, '.env.example'), 'utf8');
  // each variable appears as `# NAME=default`, under a one-line comment saying what it does
  const lines = text.split('\n');
  const listed = lines.flatMap((line) => /^#\s?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);
  it('names exactly the variables of the schema, once each', () => {
    expect([...listed].sort()).toEqual([...ENV_NAMES].sort());
  });
  it('says in a comment line what each variable does', () => {
    for (const name of listed) {
      const at = lines.findIndex((l) => l.startsWith(`# ${name}=`));
      expect(lines[at - 1], name).toMatch(/^# [a-z0-9(]/i);
      expect(lines[at - 1], name).not.toMatch(/^#\s?[A-Z][A-Z0-9_]*=/);
    }
  });
  it('shows the defaults the schema has', () => {
    // (the two paths are shown relative to the repository; the schema resolves them)
    const shown: Record<string, string> = {};
    for (const line of lines) {
      const m = /^#\s?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (m && m[1] !== 'DATABASE_URL' && m[1] !== 'WEB_DIST' && m[1] !== 'CONSOLE_DIST' && m[1] !== 'FIRST_SCREEN_DIST')
        shown[m[1]!] = m[2]!;
    }
    expect(loadConfig(shown)).toEqual(loadConfig({}));
  });
});

describe('PASSWORD_HASH_COST (docs/decisions/0022)', () => {
  it('is 2^17 unless set; a lower cost only in a test run', () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    for (const NODE_ENV of ['development', 'production'])
      expect(problems({ NODE_ENV, PASSWORD_HASH_COST: '14' })).toEqual([
        'PASSWORD_HASH_COST: below 17 only for test runs (NODE_ENV=test) (got "14")',
      ]);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '4' }).passwordHashCost).toBe(4);
    expect(problems({ NODE_ENV: 'test', PASSWORD_HASH_COST: '3' })).toEqual(['PASSWORD_HASH_COST: must be at least 4 (got "3")']);
  });
});

describe('carrierSimulatorMounted: real carriers take the simulator out of production', () => {
  it.each([
    [{ production: false, carrierAccountsFile: null, allowSimulators: [] }, true],
    [{ production: false, carrierAccountsFile: '/etc/c.json', allowSimulators: [] }, true],
    [{ production: true, carrierAccountsFile: null, allowSimulators: [] }, true],
    [{ production: true, carrierAccountsFile: '/etc/c.json', allowSimulators: [] }, false],
    [{ production: true, carrierAccountsFile: '/etc/c.json', allowSimulators: ['carrier'] }, true],
  ] as const)('%j → %s', (config, want) => {
    expect(carrierSimulatorMounted({ ...config, allowSimulators: [...config.allowSimulators] })).toBe(want);
  });
});

describe('alerts in the messaging app (docs/decisions/0038-alerts-in-the-messaging-app.md)', () => {
  const mp = {
    WECHAT_MP_APPID: 'wx0123456789abcdef',
    WECHAT_MP_SECRET: 'mp-secret',
    WECHAT_MP_TEMPLATE_ID: 'TPL_1',
    PAY_PUBLIC_URL: 'https://h5.example.com',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };

  it('is absent unless configured, and configured all together', () => {
    expect(loadConfig({}).wechatMp).toBeNull();
    expect(loadConfig(mp).wechatMp).toMatchObject({
      appid: 'wx0123456789abcdef',
      secret: 'mp-secret',
      secretFile: null,
      templateId: 'TPL_1',
      templateFields: { thing1: 'title', character_string2: 'card', thing3: 'body', time4: 'time' },
      apiBase: 'https://api.weixin.qq.com',
      publicUrl: 'https://h5.example.com',
    });
    expect(problems({ WECHAT_MP_TEMPLATE_ID: 'TPL_1' })).toEqual([
      "WECHAT_MP_APPID: alerts in the messaging app (WECHAT_MP_TEMPLATE_ID set) need the official account's AppID",
      'WECHAT_MP_SECRET: alerts in the messaging app (WECHAT_MP_TEMPLATE_ID set) need the AppSecret (or WECHAT_MP_SECRET_FILE, a file holding it)',
      "PAY_PUBLIC_URL: alerts in the messaging app (WECHAT_MP_TEMPLATE_ID set) need the portal's public https origin (the alert's link)",
    ]);
    expect(problems({ ...mp, WECHAT_MP_SECRET_FILE: '/run/secrets/mp' })).toEqual([
      'WECHAT_MP_SECRET_FILE: give the AppSecret once, either WECHAT_MP_SECRET or WECHAT_MP_SECRET_FILE',
    ]);
  });

  it('names a wrong value without echoing the secret', () => {
    expect(problems({ ...mp, WECHAT_MP_APPID: 'mp123' })[0]).toMatch(/^WECHAT_MP_APPID: must be the official account's AppID/);
    expect(problems({ ...mp, WECHAT_MP_TEMPLATE_FIELDS: 'first=title' })[0]).toMatch(
      /^WECHAT_MP_TEMPLATE_FIELDS: "first" is not a template keyword/,
    );
    expect(problems({ ...mp, WECHAT_MP_SECRET: ' ', WECHAT_MP_TEMPLATE_ID: 'bad id' }).join('\n')).not.toContain('mp-secret');
  });

  it("the operations team's openids: a list, each an openid, at most 20 (docs/decisions/0065)", () => {
    expect(loadConfig(mp).wechatMp!.opsOpenids).toEqual([]);
    expect(loadConfig({ ...mp, WECHAT_MP_OPS_OPENIDS: ' oOps_zhang_0001, oOps-li-0002 ,' }).wechatMp!.opsOpenids).toEqual([
      'oOps_zhang_0001',
      'oOps-li-0002',
    ]);
    expect(problems({ ...mp, WECHAT_MP_OPS_OPENIDS: 'oOps_zhang_0001;oOps_li_0002' })[0]).toMatch(
      /^WECHAT_MP_OPS_OPENIDS: must be openids of the official account, separated by commas/,
    );
    const many = Array.from({ length: 21 }, (_, i) => `oOps_member_${i}`).join(',');
    expect(problems({ ...mp, WECHAT_MP_OPS_OPENIDS: many })[0]).toMatch(/^WECHAT_MP_OPS_OPENIDS: at most 20 openids/);
  });

  it('production reaches the platform over https only', () => {
    const prod = { NODE_ENV: 'production', ...mp, WECHAT_MP_API_URL: 'http://127.0.0.1:9000' };
    expect(productionProblems(loadConfig(prod))).toContain(
      'WECHAT_MP_API_URL: the official account platform is reached over https in production',
    );
  });
});
