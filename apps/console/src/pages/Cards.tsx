// 卡片: search at a million cards, a card's story in a drawer, selected cards to 批量任务 (features/cards).
import { CardSearch } from '../features/cards/components/CardSearch';

export default function Cards() {
  return <CardSearch />;
}
