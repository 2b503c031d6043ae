// /alipay — hand-off to the e-wallet cashier (see PayHandoff).
import { PayHandoff } from '../../features/commerce/components/PayHandoff';

export default function AlipayPage() {
  return <PayHandoff title="支付宝支付" />;
}
