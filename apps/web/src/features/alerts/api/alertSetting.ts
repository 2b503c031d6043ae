import type { AlertSetting, AlertSettingRequest } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/alerts';
import { call } from '../../../lib/api';

export const alertSettingKey = (customNum: string) => ['alerts', 'setting', customNum] as const;

export function useAlertSetting(customNum: string | undefined) {
  return useQuery({
    queryKey: alertSettingKey(customNum ?? ''),
    queryFn: ({ signal }) => call(api.alertSetting, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
  });
}

/** A form's call: the page shows the server's reason at the form. */
export function useSaveAlertSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertSettingRequest) => call(api.alertSettingSave, input, { form: true }),
    onSuccess: (data: AlertSetting) => qc.setQueryData(alertSettingKey(data.custom_num), data),
  });
}

/** The messaging app's silent login that binds this card's alerts to the holder (docs/decisions/0038). */
export function useBindWechatMp() {
  return useMutation({
    mutationFn: (customNum: string) => call(api.alertWechatMpBind, { custom_num: customNum }, { form: true }),
  });
}
