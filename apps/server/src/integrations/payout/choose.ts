// Which payout gateway a server has (docs/decisions/0035-agent-commissions.md). The simulator moves
// no money, so it is there only where the payment sandbox is (a developer's machine, a test, a
// staging deployment that allows the payments simulator): a server taking real payments has no
// simulated payouts, and 接口打款 is refused until a real adapter is configured — finance pays by
// hand and records the reference.
import type { PayoutGateway } from './gateway';
import { PayoutSimulator } from './simulator';

export function payoutGatewayFor(mountedSimulators: readonly string[]): PayoutGateway | null {
  return mountedSimulators.includes('payments') ? new PayoutSimulator() : null;
}
