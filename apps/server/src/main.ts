import { buildApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { DEMO, seedDemo } from './db/seed';

async function main() {
  const config = loadConfig();
  const db = await connect(config.databaseUrl);
  await migrate(db);
  // once across processes starting together: seedDemo takes a lock and skips a database that has data
  const seeded = config.seedDemo && (await seedDemo(db));
  const app = await buildApp({ db, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // stop taking requests, let in-flight ones finish, then close the database
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  流量卡自助服务门户已启动: ${url}`,
    `  数据库: ${db.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}${seeded ? '（已载入演示数据）' : ''}`,
    `  API 文档: ${url}/api/docs`,
    '  演示登录:',
    `    账号登录  ${DEMO.account} / ${DEMO.password}`,
    `    手机登录  ${DEMO.mobile}（验证码见服务器日志）`,
    `    卡号登录  1000000001 / ${DEMO.cardPassword}`,
    `    其他品牌  ${url}/login?mark=acme`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
