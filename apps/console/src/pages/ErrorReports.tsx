// 手机端错误: the errors phones reported, grouped by message and release (features/errorReports).
import { ErrorGroupsPanel } from '../features/errorReports/components/ErrorGroupsPanel';

export default function ErrorReports() {
  return <ErrorGroupsPanel />;
}
