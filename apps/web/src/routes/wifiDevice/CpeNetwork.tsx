// /cpe_network — the SIMs and carriers of the area's device, switching and network mode (open, spec §4).
import { NetworkSettings } from '../../features/devices/components/views';
import { withQuery } from '../../lib/query';

function CpeNetworkPage() {
  return <NetworkSettings scope="area" title="网络设置" fallback="/cpe" />;
}

export default withQuery(CpeNetworkPage);
