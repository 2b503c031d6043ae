// /alert_setting — the current card's usage and expiry alerts and auto-renew (docs/decisions/0015).
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/StateBlock';
import { useAlertSetting } from '../../features/alerts/api/alertSetting';
import { AlertSettingsForm } from '../../features/alerts/components/AlertSettingsForm';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import styles from './AlertSetting.module.css';

function AlertSettingPage() {
  const customNum = useStored('customNum');
  const setting = useAlertSetting(customNum);
  return (
    <div className={styles.page}>
      <PageHeader title="提醒与自动续费" fallback="/mine" />
      {setting.data ? (
        <AlertSettingsForm key={setting.data.custom_num} setting={setting.data} />
      ) : setting.isError ? (
        <LoadFailed text="设置加载失败" onRetry={() => setting.refetch()} />
      ) : (
        <span className="app-spinner" role="status" aria-label="加载中" />
      )}
    </div>
  );
}

export default withQuery(AlertSettingPage);
