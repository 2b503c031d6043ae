// What an account page shows under a card-number login: the password and the mobile belong to an
// account, and a card-number login is none (user_id 0; the server answers 403). Said why, with the
// way on: the account login, back to the page. /login sends a logged-in visitor straight on, so the
// card-number login ends as the holder chooses to leave it.
import { Link } from '../../../lib/router';
import { StateBlock } from '../../../components/StateBlock';
import { loginUrl } from '../../../lib/navigation';
import { clearOnLogout } from '../../../lib/session';
import { useStored } from '../../../lib/useStored';

export function AccountOnly({ text, redirect }: { text: string; redirect: string }) {
  const mark = useStored('mark');
  return (
    <StateBlock
      kind="empty"
      text={text}
      action={
        <Link className="app-btn app-btn--primary" to={loginUrl({ mark, loginModel: 'account', redirect })} onClick={() => clearOnLogout()}>
          使用手机号或账号登录
        </Link>
      }
    />
  );
}
