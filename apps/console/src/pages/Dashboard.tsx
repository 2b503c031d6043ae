// 概览: cards by state, the last 30 days, top data users and the queues waiting (features/dashboard);
// for the platform administrator also the carrier accounts' health (features/carrierAccounts).
import { CarrierHealthPanel } from '../features/carrierAccounts/components/CarrierHealthPanel';
import { Overview } from '../features/dashboard/components/Overview';
import { allows, useOperator } from '../lib/session';

export default function Dashboard() {
  const op = useOperator().data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {allows(op, 'carriers.manage') ? <CarrierHealthPanel /> : null}
      <Overview />
    </div>
  );
}
