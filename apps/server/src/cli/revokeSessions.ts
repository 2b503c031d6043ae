// Operator command: forced logout of one user on every device.
//   npm run revoke-sessions -- <mobile|account>      (the image: node apps/server/dist/revoke-sessions.js <mobile|account>)
// Uses DATABASE_URL like the server. The user's clients get business code 40001 on their next
// request and go to the login page (docs/spec/portal-spec.md §8).
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import type { AppContext } from '../context';
import { CarrierSimulator } from '../integrations/carrier/simulator';
import { SimulatorSms } from '../integrations/sms/simulatorSms';
import { forceLogout } from '../modules/auth';

async function main(argv: string[]): Promise<number> {
  const who = argv[0]?.trim();
  if (!who || argv.length !== 1 || who === '-h' || who === '--help') {
    process.stderr.write(
      '用法: npm run revoke-sessions -- <手机号|账号>（镜像内：node apps/server/dist/revoke-sessions.js <手机号|账号>）\n',
    );
    return 2;
  }
  const config = loadConfig();
  const db = await connect(config.databaseUrl);
  try {
    // the server's own logger type; nothing is logged at this level but warnings and errors
    const log = Fastify({ logger: { level: 'warn' } }).log;
    const ctx: AppContext = { db, config, log, carrier: new CarrierSimulator(db), sms: new SimulatorSms(db, log) };
    const done = await forceLogout(ctx, who);
    if (!done) {
      process.stderr.write(`未找到用户: ${who}\n`);
      return 1;
    }
    process.stdout.write(`已强制下线用户 ${who}（用户ID ${done.userId}）：注销 ${done.revoked} 个登录会话\n`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`强制下线失败: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
