// WiFi设备任务: the devices in the operator's scope (设备列表, docs/decisions/0061-routers-behind-a-slow-acs.md),
// a card's wifi device, its last inform and its queued and failed tasks, and the firmware
// catalogue beside it (features/deviceTasks; docs/decisions/0040-firmware-through-the-acs.md), and every
// firmware push in the operator's scope (固件推送, docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md). The
// catalogue is a tab of this page rather than a menu entry of its own: support picks from it here.
import { Tabs } from 'antd';
import { DeviceOverview } from '../features/deviceTasks/components/DeviceOverview';
import { DeviceTasksPanel } from '../features/deviceTasks/components/DeviceTasksPanel';
import { FirmwareCatalogue } from '../features/deviceTasks/components/FirmwareCatalogue';
import { FirmwarePushes } from '../features/deviceTasks/components/FirmwarePushes';

export default function DeviceTasks() {
  return (
    <Tabs
      items={[
        { key: 'tasks', label: '设备任务', children: <DeviceTasksPanel /> },
        { key: 'overview', label: '设备列表', children: <DeviceOverview /> },
        { key: 'pushes', label: '固件推送', children: <FirmwarePushes /> },
        { key: 'firmware', label: '固件库', children: <FirmwareCatalogue /> },
      ]}
    />
  );
}
