import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type AgentSummary = AdminAnswerOf<'adminAgentList'>['items'][number];
export type AgentDetail = AdminAnswerOf<'adminAgentGet'>;

/** 代理商: one unpaged list. */
export const agentsList = () => ({ queryKey: queryKeys.agents.all, fetchPage: () => call(admin.adminAgentList) });

/** One agent's branding, pay settings and feature switches (the drawer). */
export const useAgent = (id: number) =>
  useQuery({ queryKey: queryKeys.agents.detail(id), queryFn: () => call(admin.adminAgentGet, { id }) });
