// /change — switch network for the current card's multi-SIM device: each carrier's signal, status
// and remaining data side by side, then whether the device attached or rolled back.
import { NetworkSettings } from '../../features/devices/components/views';
import { withQuery } from '../../lib/query';

function ChangePage() {
  return <NetworkSettings scope="card" title="切换网络" fallback="/" />;
}

export default withQuery(ChangePage);
