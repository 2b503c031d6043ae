// 超限审批: writes above the platform's limits waiting for a second approver, and the limits (features/approvals).
import { ApprovalsTabs } from '../features/approvals/components/ApprovalsTabs';

export default function Approvals() {
  return <ApprovalsTabs />;
}
