// /privacy — the privacy policy, naming the agent's company.
import { PageHeader } from '../../components/PageHeader';
import { useBrand } from '../../features/branding/model/brandingStore';
import { PrivacyPolicy } from '../../features/policy/components/PrivacyPolicy';

export default function PrivacyPage() {
  const brand = useBrand();
  return (
    <div>
      <PageHeader title="隐私政策" />
      <PrivacyPolicy company={brand.company} appName={brand.appName} email={brand.email} hotline={brand.hotline} />
    </div>
  );
}
