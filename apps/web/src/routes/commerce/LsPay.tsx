// /ls_pay — hand-off to the e-wallet instalment cashier (see PayHandoff).
import { PayHandoff } from '../../features/commerce/components/PayHandoff';

export default function LsPayPage() {
  return <PayHandoff title="花呗分期" />;
}
