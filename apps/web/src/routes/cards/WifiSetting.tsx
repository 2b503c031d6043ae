// /wifi_setting — the same wifi settings as /cpe_setting, for the device the current card is in.
import { WifiSettings } from '../../features/devices/components/views';
import { withQuery } from '../../lib/query';

function WifiSettingPage() {
  return <WifiSettings scope="card" title="设备管理" fallback="/" />;
}

export default withQuery(WifiSettingPage);
