// 佣金: agents' commission, withdrawals and statements (features/commissions, docs/decisions/0035-agent-commissions.md).
import { CommissionsPanel } from '../features/commissions/components/CommissionsPanel';

export default function Commissions() {
  return <CommissionsPanel />;
}
