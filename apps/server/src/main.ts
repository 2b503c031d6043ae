import { buildApp } from './app';
import { assertProductionSafe, ConfigError, loadConfig } from './config';
import { connect } from './db/connect';
import { holdsDemoLogins } from './db/demoLogins';
import { migrate } from './db/migrate';
import { loadDeclaredAccounts } from './modules/carriers';
import { loadMessagingAppSecret, loadProviderKeys } from './integrations/providers';
import { runtimeProblem } from './runtime';
import { DEFAULT_HASH_COST, hashPassword } from './lib/password';
import { startMetricsServer } from './modules/metrics';

/** exit code of a configuration the server refuses (sysexits' EX_CONFIG): a supervisor need not retry it */
const EX_CONFIG = 78;

async function main() {
  const wrongRuntime = runtimeProblem();
  if (wrongRuntime) {
    console.error(wrongRuntime);
    process.exit(1);
  }
  const config = loadConfig();
  // before the database is opened: a refused start writes nothing (docs/decisions/0016)
  assertProductionSafe(config);
  // the real gateways' key files, read now: a wrong path stops the start before anything is written
  loadProviderKeys(config);
  // the official account's secret, when alerts in the messaging app are configured (docs/decisions/0038)
  loadMessagingAppSecret(config);
  // the carrier accounts declared for this deployment, checked entry by entry (docs/decisions/0030)
  const declaredCarriers = loadDeclaredAccounts(config);
  const db = await connect(config.databaseUrl, { pgPoolMax: config.pgPoolMax, pgConnectTimeoutMs: config.pgConnectTimeoutMs });
  // a database tried out in development keeps the demo logins: production refuses it, reading only
  if (config.production && (await holdsDemoLogins(db))) {
    await db.close();
    throw new ConfigError([
      'DATABASE_URL: this database holds the demo data, whose logins the README publishes; production starts on a database without it',
    ]);
  }
  await migrate(db);
  let seeded = false;
  // the demo data (and its passwords) is loaded only when asked for, never in production; and once
  // across processes starting together: seedDemo takes a lock and skips a database that has data
  const demo = config.seedDemo ? await import('./db/seed') : null;
  // a test run's lower password cost (PASSWORD_HASH_COST, NODE_ENV=test only) seeds the demo
  // passwords at that cost too, or every demo login would still pay 2^17 (docs/decisions/0022)
  const testHashes =
    demo && config.passwordHashCost !== DEFAULT_HASH_COST
      ? {
          account: await hashPassword(demo.DEMO.password, config.passwordHashCost),
          card: await hashPassword(demo.DEMO.cardPassword, config.passwordHashCost),
        }
      : undefined;
  if (demo) seeded = await demo.seedDemo(db, new Date(), testHashes);
  const app = await buildApp({ db, config, declaredCarriers });

  let metricsServer: import('node:http').Server | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // stop taking requests, let in-flight ones finish, then close the database
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    metricsServer?.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // the metrics on a port of their own, never the public one (docs/decisions/0033)
  if (config.metricsPort)
    metricsServer = (
      await startMetricsServer(app.metrics, { port: config.metricsPort, host: config.metricsHost, token: config.metricsToken })
    ).server;
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  流量卡自助服务门户已启动: ${url}`,
    `  数据库: ${db.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}${seeded ? '（已载入演示数据）' : ''}`,
    `  API 文档: ${url}/api/docs`,
    ...(config.metricsPort ? [`  指标: http://${config.metricsHost}:${config.metricsPort}/metrics`] : []),
    ...(demo
      ? [
          '  演示登录:',
          `    账号登录  ${demo.DEMO.account} / ${demo.DEMO.password}`,
          `    手机登录  ${demo.DEMO.mobile}（${config.smsToTerminal && !config.aliyunSms ? '验证码会以【模拟短信】打印在本终端' : '验证码见服务器日志'}）`,
          `    卡号登录  1000000001 / ${demo.DEMO.cardPassword}`,
          `    其他品牌  ${url}/login?mark=acme`,
          `    运营后台  ${url}/admin/  admin / Admin#2026（其他角色见 README）`,
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    // the operator's fix, not a stack trace
    console.error(err.message);
    process.exit(EX_CONFIG);
  }
  console.error(err);
  process.exit(1);
});
