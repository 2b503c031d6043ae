// The device the area's pages show (model/currentDevice.ts). /wifi_setting and /change work on the
// current card only ('card'): there, a card that is not in a device has none.
import { useStored } from '../../../lib/useStored';
import { chooseDevice } from '../model/currentDevice';
import { useDeviceList } from './deviceQueries';

export function useCurrentDevice(scope: 'area' | 'card' = 'area') {
  const token = useStored('token');
  const customNum = useStored('customNum');
  const list = useDeviceList(Boolean(token));
  const devices = list.data?.list ?? [];
  const device = scope === 'area' ? chooseDevice(customNum, devices) : devices.find((d) => d.custom_num === customNum);
  return { loggedIn: Boolean(token), list, devices, device };
}
