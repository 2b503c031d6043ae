// The operators list's CSV export (docs/decisions/0018): the list's own rows, which carry no
// password hash and no second-factor secret.
import type { FastifyInstance } from 'fastify';
import { OPERATOR_STATE_LABEL, TOTP_STATE_LABEL, operatorStateOf, totpStateOf } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { listExport } from '../exports/csvExport';
import { listOperators } from './service';

export function operatorExports(api: FastifyInstance, ctx: AppContext): void {
  listExport({
    name: 'adminExportOperators',
    action: 'operators.export',
    file: ['operators.csv', '操作员.csv'],
    // the list's own rows: they carry no password hash and no second-factor secret
    read: async () => ({ rows: (await listOperators(ctx)).items }),
    columns: [
      ['编号', (o) => o.id],
      ['用户名', (o) => o.username],
      ['姓名', (o) => o.display_name],
      ['角色', (o) => o.role_label],
      ['代理商', (o) => o.agent?.name ?? ''],
      ['状态', (o) => OPERATOR_STATE_LABEL[operatorStateOf(o.disabled)]],
      ['锁定至', (o) => o.locked_until ?? ''],
      ['两步验证', (o) => TOTP_STATE_LABEL[totpStateOf(o.totp_enabled)]],
      ['最近登录时间', (o) => o.last_login_at ?? ''],
      ['创建时间', (o) => o.created_at],
    ],
  })(api, ctx);
}
