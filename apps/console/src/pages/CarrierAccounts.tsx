// 运营商账号: the carrier platform accounts and their health, managed without SQL (features/carrierAccounts).
import { CarrierAccountsPanel } from '../features/carrierAccounts/components/CarrierAccountsPanel';

export default function CarrierAccounts() {
  return <CarrierAccountsPanel />;
}
