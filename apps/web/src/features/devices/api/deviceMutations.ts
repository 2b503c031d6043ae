// Changes to a wifi device. Each answers the queued change (待生效); the page follows it with
// useDeviceChange. Every change makes the device's reads stale.
import type { DeviceChange, WifiChangeRequest } from '@portal/contract';
import type { NetworkMode } from '@portal/contract/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/devices';
import { call } from '../../../lib/api';
import { deviceKeys } from './deviceQueries';

type Action =
  | { kind: 'wifi'; input: Omit<WifiChangeRequest, 'custom_num'> }
  | { kind: 'block' | 'unblock'; mac: string }
  | { kind: 'switch_sim'; iccid: string }
  | { kind: 'network_mode'; mode: NetworkMode }
  | { kind: 'reboot' | 'reset' }
  | { kind: 'cancel'; id: number };

export function sendDeviceAction(customNum: string, a: Action): Promise<DeviceChange> {
  const custom_num = customNum;
  switch (a.kind) {
    case 'wifi':
      return call(api.deviceWifiChange, { custom_num, ...a.input });
    case 'block':
      return call(api.deviceClientBlock, { custom_num, mac: a.mac });
    case 'unblock':
      return call(api.deviceClientUnblock, { custom_num, mac: a.mac });
    case 'switch_sim':
      return call(api.deviceSimSwitch, { custom_num, iccid: a.iccid });
    case 'network_mode':
      return call(api.deviceNetworkMode, { custom_num, mode: a.mode });
    case 'reboot':
      return call(api.deviceReboot, { custom_num, confirm: true });
    case 'reset':
      return call(api.deviceReset, { custom_num, confirm: true });
    case 'cancel':
      return call(api.deviceChangeCancel, { custom_num, id: a.id });
  }
}

export function useDeviceAction(customNum: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: Action) => sendDeviceAction(customNum!, a),
    onSuccess: (change) => {
      qc.setQueryData(deviceKeys.change(customNum!, change.id), change);
      return qc.invalidateQueries({ queryKey: deviceKeys.of(customNum!) });
    },
  });
}

export function useBindDevice() {
  const qc = useQueryClient();
  return useMutation({
    // silent: the page shows a refusal at its field
    mutationFn: (input: { serial: string; custom_num: string; password: string }) => call(api.deviceBind, input, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useUnbindDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (customNum: string) => call(api.deviceUnbind, { custom_num: customNum }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
