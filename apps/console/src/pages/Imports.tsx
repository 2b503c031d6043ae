// 导入: 试导入 a CSV or XLSX of cards, 确认导入, and the batches, each undoable (features/cardImports).
import { CardImport } from '../features/cardImports/components/CardImport';

export default function Imports() {
  return <CardImport />;
}
