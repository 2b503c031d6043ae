// 审计日志: the append-only log, filtered, newest first, exported (features/audit).
import { AuditLog } from '../features/audit/components/AuditLog';

export default function Audit() {
  return <AuditLog />;
}
