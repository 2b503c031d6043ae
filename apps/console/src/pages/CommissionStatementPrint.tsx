// 佣金月结单, printable (features/commissions).
import { StatementPrint } from '../features/commissions/components/StatementPrint';

export default function CommissionStatementPrint() {
  return <StatementPrint />;
}
