// Operator accounts in the console: platform administrators only (operators.manage).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serveAdmin } from '../access/guard';
import { operatorExports } from './exports';
import { createOperator, listOperators, resetPassword, setDisabled, setRole, unlockOperator } from './service';

export async function operatorRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serveAdmin(api, ctx, 'adminOperatorList', 'operators.manage', async () => listOperators(ctx));
  serveAdmin(api, ctx, 'adminOperatorCreate', 'operators.manage', async (req, _reply, op) => createOperator(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminOperatorResetPassword', 'operators.manage', async (req, _reply, op) => resetPassword(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminOperatorUnlock', 'operators.manage', async (req, _reply, op) => unlockOperator(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminOperatorSetDisabled', 'operators.manage', async (req, _reply, op) => setDisabled(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminOperatorSetRole', 'operators.manage', async (req, _reply, op) => setRole(ctx, op, req.body));
  operatorExports(api, ctx);
}
