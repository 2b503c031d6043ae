// 换卡申请: card replacement applications, oldest first — 发货, 完成, 驳回 (features/replacements).
import { ReplacementQueue } from '../features/replacements/components/ReplacementQueue';

export default function Replacements() {
  return <ReplacementQueue />;
}
