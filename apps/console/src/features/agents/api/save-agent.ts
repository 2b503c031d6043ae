// 新建代理商 and the drawer's three saves. A save answers the agent as stored: the drawer shows it
// at once and the agents (the list, every select of agents) are asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ADMIN_ENDPOINTS, type FeatureSwitches } from '@portal/contract/admin';
import { pathOf } from '@portal/contract/route';
import { API_BASE, ApiError, call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { toFen } from '../../../lib/zodRule';
import type { AgentDetail } from './get-agents';
import type { PayFields } from '../model/payForm';

export function useCreateAgent(onCreated: (id: number) => void) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (v: { mark: string; nickname: string; reason: string }) => call('adminAgentCreate', v),
    onSuccess: (d) => {
      message.success('已新建代理商');
      void qc.invalidateQueries({ queryKey: queryKeys.agents.all });
      onCreated(d.id);
    },
  });
}

function useSaved(id: number) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return (d: AgentDetail) => {
    qc.setQueryData(queryKeys.agents.detail(id), d);
    void qc.invalidateQueries({ queryKey: queryKeys.agents.all });
    message.success('已保存');
  };
}

export function useSaveBranding(id: number, onSaved: () => void) {
  const saved = useSaved(id);
  return useMutation({
    mutationFn: (v: AgentDetail['branding'] & { reason: string }) => {
      const { reason, ...branding } = v;
      return call('adminAgentBrandingSave', { id, branding, reason });
    },
    onSuccess: (d) => {
      saved(d);
      onSaved();
    },
  });
}

export function useSaveFeatures(id: number) {
  const saved = useSaved(id);
  return useMutation({
    mutationFn: (v: FeatureSwitches & { reason: string }) => {
      const { reason, ...features } = v;
      return call('adminAgentFeaturesSave', { id, features, reason });
    },
    onSuccess: saved,
  });
}

export function useSavePay(id: number) {
  const saved = useSaved(id);
  return useMutation({
    mutationFn: (v: PayFields) => {
      const { reason, ant_credit_min_yuan, ...rest } = v;
      return call('adminAgentPaySave', { id, pay: { ...rest, ant_credit_min_money_fen: toFen(ant_credit_min_yuan) }, reason });
    },
    onSuccess: saved,
  });
}

/** A branding image uploaded (multipart, not JSON): its URL for the field. */
export async function uploadBrandingImage(agentId: number, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(API_BASE + pathOf(ADMIN_ENDPOINTS.adminBrandingImageUpload.route, { id: agentId }), {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const env = (await res.json().catch(() => undefined)) as { code: number; message: string; data?: { url: string } } | undefined;
  if (!res.ok || !env || env.code !== 0 || !env.data) throw new ApiError(env?.message ?? '上传失败，请重试', res.status);
  return env.data.url;
}
