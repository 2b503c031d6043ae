// The agents list's CSV export (docs/decisions/0018), through the list's own function and scope.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { listExport } from '../exports/csvExport';
import { listAgents } from './service';

export function agentExports(api: FastifyInstance, ctx: AppContext): void {
  listExport({
    name: 'adminExportAgents',
    action: 'agents.export',
    file: ['agents.csv', '代理商.csv'],
    read: async (_q, op) => ({ rows: (await listAgents(ctx, op)).items }),
    columns: [
      ['编号', (a) => a.id],
      ['代理标识', (a) => a.mark],
      ['名称', (a) => a.nickname],
      ['应用名称', (a) => a.apply_name],
      ['卡数', (a) => a.card_count],
      ['创建时间', (a) => a.created_at],
    ],
  })(api, ctx);
}
