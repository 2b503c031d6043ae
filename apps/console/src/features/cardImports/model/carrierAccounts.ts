// What 导入 says of the 运营商账号 column: the accounts a row may name (the enabled ones the server
// offers), and what an empty cell means — the default account (the simulator) where there is one.

/** the most account names the help lists, as the dry run's errors do */
export const ACCOUNT_NAMES_SHOWN = 10;

/** The help's sentence on the 运营商账号 column. */
export function accountColumnHint(choices: readonly { name: string; default: boolean }[]): string {
  if (choices.length === 0) return '当前没有可用的运营商账号，请先由平台管理员启用。';
  const names = choices.map((c) => c.name);
  const shown = `${names.slice(0, ACCOUNT_NAMES_SHOWN).join('、')}${names.length > ACCOUNT_NAMES_SHOWN ? ' 等' : ''}`;
  const fallback = choices.find((c) => c.default);
  const empty = fallback ? `留空即模拟器账号（${fallback.name}）` : '必须填写';
  return `运营商账号填账号名称，${empty}；可填：${shown}。`;
}
