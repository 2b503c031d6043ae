// 账号安全: change own password; turn the TOTP second factor on or off (features/auth).
import { SecurityCards } from '../features/auth/components/SecurityCards';

export default function Security() {
  return <SecurityCards />;
}
