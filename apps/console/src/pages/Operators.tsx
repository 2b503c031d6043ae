// 操作员: the console's accounts, managed without SQL (features/operators).
import { OperatorsPanel } from '../features/operators/components/OperatorsPanel';

export default function Operators() {
  return <OperatorsPanel />;
}
