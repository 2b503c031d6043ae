// What the member pages show under a card-number login: membership belongs to a user account, and a
// card-number login is none (user_id 0; the server answers 403), so a 重试 could never succeed. The
// way on is the account login, back to the page. /login sends a logged-in visitor straight on, so
// the card-number login ends as the holder chooses to leave it.
import { Link } from '../../../lib/router';
import { StateBlock } from '../../../components/StateBlock';
import { loginUrl } from '../../../lib/navigation';
import { clearOnLogout } from '../../../lib/session';
import { useStored } from '../../../lib/useStored';

/** `redirect`: the page to come back to after the account login. */
export function AccountOnly({ redirect }: { redirect: string }) {
  const mark = useStored('mark');
  return (
    <StateBlock
      kind="empty"
      text="会员权益属于账号，卡号登录无法查看"
      action={
        <Link className="app-btn app-btn--primary" to={loginUrl({ mark, loginModel: 'account', redirect })} onClick={() => clearOnLogout()}>
          使用账号登录
        </Link>
      }
    />
  );
}
