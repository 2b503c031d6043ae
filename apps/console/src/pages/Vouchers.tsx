// 优惠券发放: issue vouchers to cards, a series or an agent, and the batches (features/vouchers).
import { VoucherIssue } from '../features/vouchers/components/VoucherIssue';

export default function Vouchers() {
  return <VoucherIssue />;
}
