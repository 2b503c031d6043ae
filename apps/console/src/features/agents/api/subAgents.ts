// Sub-agents (docs/decisions/0067-agents-in-levels.md): create one under an agent of the operator's
// subtree; read and save a sub-agent's share and cost per package (its parent's side only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type SubAgentTerms = AdminAnswerOf<'adminSubAgentTerms'>;
export type SubAgentCreate = AdminInputOf<'adminSubAgentCreate'>;

export function useCreateSubAgent(onCreated: (id: number) => void) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (v: SubAgentCreate) => call(admin.adminSubAgentCreate, v),
    onSuccess: (d) => {
      message.success(`已新建下级代理 ${d.nickname}`);
      void qc.invalidateQueries({ queryKey: queryKeys.agents.all });
      onCreated(d.id);
    },
  });
}

export const useSubAgentTerms = (id: number) =>
  useQuery({ queryKey: queryKeys.agents.terms(id), queryFn: () => call(admin.adminSubAgentTerms, { id }) });

export function useSaveSubAgentTerms(id: number) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (v: AdminInputOf<'adminSubAgentTermsSave'>) => call(admin.adminSubAgentTermsSave, v),
    onSuccess: (d) => {
      message.success('已保存下级分成与成本价');
      qc.setQueryData(queryKeys.agents.terms(id), d);
      void qc.invalidateQueries({ queryKey: queryKeys.agents.all });
    },
  });
}
