// /agreement — the user agreement, naming the agent's company.
import { PageHeader } from '../../components/PageHeader';
import { useBrand } from '../../features/branding/model/brandingStore';
import { UserAgreement } from '../../features/policy/components/UserAgreement';

export default function AgreementPage() {
  const brand = useBrand();
  return (
    <div>
      <PageHeader title="用户协议" />
      <UserAgreement company={brand.company} appName={brand.appName} email={brand.email} hotline={brand.hotline} />
    </div>
  );
}
