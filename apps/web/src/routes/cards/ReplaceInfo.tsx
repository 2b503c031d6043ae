// /replace_info — card replacement (the gate "请先进行换卡操作"): the notice, with the warning that
// a card moved to another device may be shut down by the carrier; the application's status once
// there is one; otherwise the way to apply. ?form= names the route the user came from. Questions
// go to the agent's 客服 (/customer), never to "the app".
import { formatDate, groupCardNumber } from '@portal/domain';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useChangeCardContent, useChangeCardInfo } from '../../features/replacement/api/replacement';
import { ReplacementSteps } from '../../features/replacement/components/ReplacementSteps';
import { addressLine } from '../../features/addresses/model/region';
import { STATUS_LABEL } from '../../features/replacement/model/changeCardForm';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import styles from '../../components/StepPage.module.css';
import own from './ReplaceCard.module.css';

function ReplaceInfoPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useStored('token');
  const customNum = useStored('customNum');
  const known = token ? customNum : undefined;
  const info = useChangeCardInfo(known);
  const content = useChangeCardContent(known);
  const form = params.get('form');

  if (!known) {
    return (
      <div className={styles.page}>
        <PageHeader title="换卡信息" />
        <StateBlock
          kind="empty"
          text="请先登录并选择需要换卡的卡号"
          action={
            <button type="button" className="app-btn app-btn--primary" onClick={() => navigate('/login?redirect=%2Freplace_info')}>
              去登录
            </button>
          }
        />
      </div>
    );
  }
  if (info.isPending || content.isPending) return <PageLoading />;
  if (info.isError || content.isError) {
    return (
      <div className={styles.page}>
        <PageHeader title="换卡信息" />
        <LoadFailed text="换卡信息加载失败" onRetry={() => Promise.all([info.refetch(), content.refetch()])} />
      </div>
    );
  }

  const app = info.data.application;
  return (
    <div className={styles.page}>
      <PageHeader title="换卡信息" />
      <Panel title={content.data.title || '换卡须知'}>
        <div className={styles.article} data-testid="change-card-content">
          {content.data.content}
        </div>
        <Link className={`app-btn app-btn--ghost app-btn--block ${own.contact}`} to="/customer?form=replace_info">
          联系客服
        </Link>
      </Panel>
      {app ? (
        <Panel
          title="换卡申请"
          extra={
            <span className={styles.status} data-testid="application-status">
              {STATUS_LABEL[app.status]}
            </span>
          }
        >
          {info.data.progress && <ReplacementSteps progress={info.data.progress} />}
          <dl className={styles.facts}>
            {app.tracking_no && (
              <div>
                <dt>快递单号</dt>
                <dd data-testid="tracking">
                  {app.carrier} {app.tracking_no}
                </dd>
              </div>
            )}
            <div>
              <dt>收件人</dt>
              <dd>{app.receiver_name}</dd>
            </div>
            <div>
              <dt>联系电话</dt>
              <dd>{app.receiver_mobile}</dd>
            </div>
            <div>
              <dt>收货地址</dt>
              <dd>{addressLine(app)}</dd>
            </div>
            <div>
              <dt>换卡原因</dt>
              <dd>{app.reason || '运营商要求换卡'}</dd>
            </div>
            <div>
              <dt>申请时间</dt>
              <dd>{formatDate(app.created_at)}</dd>
            </div>
            {app.new_custom_num && (
              <div>
                <dt>新卡号</dt>
                <dd>{groupCardNumber(app.new_custom_num)}</dd>
              </div>
            )}
          </dl>
        </Panel>
      ) : (
        <>
          <p className={styles.warn}>
            {info.data.need_change_card
              ? `卡号 ${groupCardNumber(customNum ?? '')} 需要更换新卡，请提交换卡申请，新卡将寄送到您填写的地址。`
              : `卡号 ${groupCardNumber(customNum ?? '')} 当前无需换卡。如卡片损坏或丢失，也可申请换卡。`}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="app-btn app-btn--primary app-btn--block"
              onClick={() => navigate(`/replace_card${form ? `?form=${encodeURIComponent(form)}` : ''}`)}
            >
              申请换卡
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(ReplaceInfoPage);
