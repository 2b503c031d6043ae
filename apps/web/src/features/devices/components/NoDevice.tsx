// What the device pages show without a device: a visitor logs in, a user without one adds one, a
// current card that is not a device is switched in the card list — or, under a card-number login
// (one card only, the card list cannot switch), by logging in with the device's card number.
import { Link, useLocation } from '../../../lib/router';
import { StateBlock } from '../../../components/StateBlock';
import { loginUrl } from '../../../lib/navigation';
import { clearOnLogout } from '../../../lib/session';
import { useStored } from '../../../lib/useStored';

export function NoDevice({ loggedIn, scope = 'area' }: { loggedIn: boolean; scope?: 'area' | 'card' }) {
  const cardLogin = useStored('cardLogin') ?? false;
  const mark = useStored('mark');
  const { pathname } = useLocation();
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
  // /login sends a logged-in visitor straight on: the card-number login ends as the holder leaves it
  if (scope === 'card' && cardLogin)
    return (
      <StateBlock
        kind="empty"
        text="当前卡片不是WiFi设备，卡号登录只能使用这张卡，请用设备的卡号登录"
        action={
          <Link
            className="app-btn app-btn--primary"
            to={loginUrl({ mark, loginModel: 'customNum', redirect: pathname })}
            onClick={() => clearOnLogout()}
          >
            用设备的卡号登录
          </Link>
        }
      />
    );
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
