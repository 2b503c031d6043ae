import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

/** 新建代理商: the agents (the list, every select of agents) are asked again. */
export function useCreateAgent(onCreated: (id: number) => void) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (v: { mark: string; nickname: string; reason: string }) => call(admin.adminAgentCreate, v),
    onSuccess: (d) => {
      message.success('已新建代理商');
      void qc.invalidateQueries({ queryKey: queryKeys.agents.all });
      onCreated(d.id);
    },
  });
}
