// /cpe_setting — the wifi settings, clients and recent changes of the area's device.
import { WifiSettings } from '../../features/devices/components/views';
import { withQuery } from '../../lib/query';

function CpeSettingPage() {
  return <WifiSettings scope="area" title="WiFi设置" fallback="/cpe" />;
}

export default withQuery(CpeSettingPage);
