// Operator accounts in the console: platform administrators only (operators.manage).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { operatorExports } from './exports';
import { createOperator, listOperators, resetPassword, resetTotp, setDisabled, setRole, unlockOperator } from './service';

export async function operatorRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'adminOperatorList', async () => listOperators(ctx));
  serve(api, 'adminOperatorCreate', async (req, _reply, op) => createOperator(ctx, op, req.body));
  serve(api, 'adminOperatorResetPassword', async (req, _reply, op) => resetPassword(ctx, op, req.body));
  serve(api, 'adminOperatorResetTotp', async (req, _reply, op) => resetTotp(ctx, op, req.body));
  serve(api, 'adminOperatorUnlock', async (req, _reply, op) => unlockOperator(ctx, op, req.body));
  serve(api, 'adminOperatorSetDisabled', async (req, _reply, op) => setDisabled(ctx, op, req.body));
  serve(api, 'adminOperatorSetRole', async (req, _reply, op) => setRole(ctx, op, req.body));
  operatorExports(api, ctx);
}
