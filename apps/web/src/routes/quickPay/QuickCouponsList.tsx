// /quick_coupons_list?custom_num=&package_id= — quick payment and vouchers. A voucher belongs to
// the card holder's account and is used only after a login: without one, anybody who knows a card
// number could read its vouchers or hold one in an unpaid order, and the owner would find it
// 不可用. So this page says so and offers the two ways on: log in and buy with the voucher there
// (the same package), or go back and pay without one.
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import styles from '../../features/commerce/commerce.module.css';

function QuickCouponsListPage() {
  const [params] = useSearchParams();
  const customNum = params.get('custom_num') ?? '';
  const packageId = Number(params.get('package_id')) || 0;
  const back = `/quick_select_package?custom_num=${encodeURIComponent(customNum)}${packageId ? `&package_id=${packageId}` : ''}`;
  const afterLogin = packageId ? `/combo_detail?package_id=${packageId}` : '/combo';
  const login = `/login?login_model=customNum&redirect=${encodeURIComponent(afterLogin)}`;

  return (
    <div className={styles.page}>
      <PageHeader title="优惠券" fallback={back} />
      <StateBlock
        kind="empty"
        text="优惠券属于卡主账户，登录后购买时才能使用。免登录支付不使用优惠券，以免他人占用您的优惠券。"
        action={
          <div className={styles.actions}>
            <Link className="app-btn app-btn--primary app-btn--block" to={login}>
              登录后使用优惠券
            </Link>
            <Link className="app-btn app-btn--ghost app-btn--block" to={back} replace>
              不使用优惠券，继续支付
            </Link>
          </div>
        }
      />
    </div>
  );
}

export default QuickCouponsListPage;
