// 发货: paid device orders and 发货 with a carrier and a tracking number (features/shipping).
import { ShippingQueue } from '../features/shipping/components/ShippingQueue';

export default function Shipping() {
  return <ShippingQueue />;
}
