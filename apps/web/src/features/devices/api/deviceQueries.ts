// Reads of the wifi devices (/v1/device/*). A device is named by its card number. While a change
// waits for the device (待生效) or the device is rebooting, the reads poll so the page follows it.
import type {
  ClientsAnswer,
  DeviceChange,
  DeviceChangesAnswer,
  DeviceListAnswer,
  DeviceStatus,
  SimsAnswer,
  WifiAnswer,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/devices';
import { call } from '../../../lib/api';

/** How often a page re-reads a device while something is under way (the demo checks in every few seconds). */
export const FOLLOW_MS = 1500;

export const deviceKeys = {
  all: ['device'] as const,
  list: () => ['device', 'list'] as const,
  of: (customNum: string) => ['device', 'of', customNum] as const,
  status: (customNum: string) => ['device', 'of', customNum, 'status'] as const,
  wifi: (customNum: string) => ['device', 'of', customNum, 'wifi'] as const,
  clients: (customNum: string) => ['device', 'of', customNum, 'clients'] as const,
  sims: (customNum: string) => ['device', 'of', customNum, 'sims'] as const,
  changes: (customNum: string) => ['device', 'of', customNum, 'changes'] as const,
  change: (customNum: string, id: number) => ['device', 'change', customNum, id] as const,
};

/** Something the device has still to do, or a reboot it has not come back from. */
function underWay(answer: { pending: DeviceChange[]; back_online_at?: string } | undefined): boolean {
  return Boolean(answer && (answer.pending.length > 0 || answer.back_online_at));
}

export function useDeviceList(enabled = true) {
  return useQuery({
    queryKey: deviceKeys.list(),
    queryFn: ({ signal }): Promise<DeviceListAnswer> => call(api.deviceList, undefined, { signal }),
    enabled,
  });
}

export function useDeviceStatus(customNum: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.status(customNum ?? ''),
    queryFn: ({ signal }): Promise<DeviceStatus> => call(api.deviceStatus, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
    refetchInterval: (q) => (underWay(q.state.data) ? FOLLOW_MS : false),
  });
}

export function useDeviceWifi(customNum: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.wifi(customNum ?? ''),
    queryFn: ({ signal }): Promise<WifiAnswer> => call(api.deviceWifi, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
    refetchInterval: (q) => (underWay(q.state.data) ? FOLLOW_MS : false),
  });
}

export function useDeviceClients(customNum: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.clients(customNum ?? ''),
    queryFn: ({ signal }): Promise<ClientsAnswer> => call(api.deviceClients, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
    refetchInterval: (q) => (underWay(q.state.data) ? FOLLOW_MS : false),
  });
}

export function useDeviceSims(customNum: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.sims(customNum ?? ''),
    queryFn: ({ signal }): Promise<SimsAnswer> => call(api.deviceSims, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
    refetchInterval: (q) => (underWay(q.state.data) ? FOLLOW_MS : false),
  });
}

export function useDeviceChanges(customNum: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.changes(customNum ?? ''),
    queryFn: ({ signal }): Promise<DeviceChangesAnswer> => call(api.deviceChanges, { custom_num: customNum! }, { signal }),
    enabled: Boolean(customNum),
    refetchInterval: (q) => (q.state.data?.list.some((c) => c.state === 'pending') ? FOLLOW_MS : false),
  });
}

/** One change, polled until the device has applied it, failed it or the owner cancelled it. */
export function useDeviceChange(customNum: string | undefined, id: number | undefined, initial?: DeviceChange) {
  return useQuery({
    queryKey: deviceKeys.change(customNum ?? '', id ?? 0),
    queryFn: ({ signal }): Promise<DeviceChange> => call(api.deviceChange, { custom_num: customNum!, id: id! }, { signal }),
    enabled: Boolean(customNum && id),
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? FOLLOW_MS : false),
  });
}
