// WiFi设备任务: a card's wifi device, its last inform and its queued and failed tasks (features/deviceTasks).
import { DeviceTasksPanel } from '../features/deviceTasks/components/DeviceTasksPanel';

export default function DeviceTasks() {
  return <DeviceTasksPanel />;
}
