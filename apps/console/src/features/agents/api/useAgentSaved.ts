import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { queryKeys } from '../../../lib/queryKeys';
import type { AgentDetail } from './getAgents';

/** A save of the drawer answers the agent as stored: shown at once, and the agents asked again. */
export function useAgentSaved(id: number) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return (d: AgentDetail) => {
    qc.setQueryData(queryKeys.agents.detail(id), d);
    void qc.invalidateQueries({ queryKey: queryKeys.agents.all });
    message.success('已保存');
  };
}
