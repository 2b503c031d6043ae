// 代理价格: every package × its agent with cost, retail and margin; 调价 (features/catalogue).
import { PriceList } from '../features/catalogue/components/PriceList';

export default function Prices() {
  return <PriceList />;
}
