// 余额: a card's balance and ledger, and 调整余额 with a reason (features/balance).
import { BalanceLookup } from '../features/balance/components/BalanceLookup';

export default function Balance() {
  return <BalanceLookup />;
}
