// What the device pages show without a device: a visitor logs in, a user without one adds one, a
// current card that is not a device is switched in the card list.
import { Link } from '../../../lib/router';
import { StateBlock } from '../../../components/StateBlock';

export function NoDevice({ loggedIn, scope = 'area' }: { loggedIn: boolean; scope?: 'area' | 'card' }) {
  if (!loggedIn) {
    return (
      <StateBlock
        kind="empty"
        text="登录后查看和管理您的随身WiFi、CPE设备"
        action={
          <Link className="app-btn app-btn--primary" to="/login?login_model=mobile&redirect=%2Fcpe">
            去登录
          </Link>
        }
      />
    );
  }
  // the current card's pages (/change, /wifi_setting): the way on is another card, chosen in the card list
  if (scope === 'card')
    return (
      <StateBlock
        kind="empty"
        text="当前卡片不是WiFi设备，请先切换到设备的卡"
        action={
          <Link className="app-btn app-btn--primary" to="/card_list">
            切换卡片
          </Link>
        }
      />
    );
  return (
    <StateBlock
      kind="empty"
      text="您还没有绑定WiFi设备"
      action={
        <Link className="app-btn app-btn--primary" to="/cpe_bind">
          添加设备
        </Link>
      }
    />
  );
}
