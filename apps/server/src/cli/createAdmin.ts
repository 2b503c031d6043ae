// Operator command: create a platform administrator on the server (docs/decisions/0056-no-one-moves-money-alone.md).
//   OPERATOR_PASSWORD='…' npm run create-admin -- <username> <姓名>
// The password comes from the environment, never the command line (which other users of the machine
// can read in the process list). Uses DATABASE_URL like the server. A deployment's first platform
// administrator is made here, and its second, by another person, before it takes money: one made in
// the console by the first is tied to them and approves nothing of theirs.
import { loadConfig } from '../config';
import { connect } from '../db/connect';
import { AppError } from '../lib/errors';
import { createAdminFromServer } from '../modules/admin';

async function main(argv: string[]): Promise<number> {
  const [username, displayName] = argv;
  const password = process.env.OPERATOR_PASSWORD ?? '';
  if (argv.length !== 2 || !username || !displayName || !password) {
    process.stderr.write("用法: OPERATOR_PASSWORD='初始密码' npm run create-admin -- <用户名> <姓名>\n");
    return 2;
  }
  const config = loadConfig();
  const db = await connect(config.databaseUrl);
  try {
    const id = await createAdminFromServer(db.kysely, config.passwordHashCost, { username, display_name: displayName, password });
    process.stdout.write(`已创建平台管理员 ${username}（编号 ${id}）\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`创建失败: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
