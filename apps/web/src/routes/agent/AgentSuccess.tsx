// /agent_success — the application went in: its number and state, and the way back to /agent.
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { StateBlock } from '../../components/StateBlock';
import { useAgentApplication } from '../../features/agentApplication/api/agentApplication';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import { ApplicationState } from './Agent';
import styles from './Agent.module.css';
import parts from '../../styles/requestForm.module.css';

function AgentSuccessPage() {
  const key = useStored('agentApplicationKey');
  const q = useAgentApplication(key);
  const application = q.data?.application;
  return (
    <div className={parts.page}>
      <PageHeader title="申请已提交" fallback="/agent" />
      {key && q.isPending ? (
        <PageLoading />
      ) : application ? (
        <>
          <div className={styles.done} role="status">
            <p className={styles.doneTitle}>申请已提交</p>
            <p className={styles.heroText}>审核结果将以短信通知您，也可随时回到本页查看进度</p>
          </div>
          <ApplicationState application={application} />
        </>
      ) : (
        <StateBlock kind="empty" text="没有找到您的代理申请" />
      )}
      <div className={styles.actions}>
        <Link className="app-btn app-btn--ghost app-btn--block" to="/agent">
          查看申请进度
        </Link>
        <Link className={`app-btn app-btn--primary app-btn--block ${parts.submit}`} to="/">
          返回首页
        </Link>
      </div>
    </div>
  );
}

export default withQuery(AgentSuccessPage);
