import { Link } from '../../../lib/router';
import { StateBlock } from '../../../components/StateBlock';

/** A brand that runs no membership programme: say so, and lead back (the /mine entry is hidden then). */
export function NoProgramme() {
  return (
    <StateBlock
      kind="empty"
      text="当前品牌未开通会员成长体系"
      action={
        <Link className="app-btn app-btn--ghost" to="/mine">
          返回我的
        </Link>
      }
    />
  );
}
