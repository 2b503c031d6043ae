// Every portal endpoint: one spread per area, each declared in ./<area>.ts. ../endpoints.ts joins it to the console's in REGISTRY.
import { authEndpoints } from './auth';
import { cardPasswordEndpoints } from './cardPassword';
import { brandingEndpoints } from './branding';
import { cardsEndpoints } from './cards';
import { cardNicknameEndpoints } from './cardNickname';
import { usageEndpoints } from './usage';
import { realNameEndpoints } from './realName';
import { commerceEndpoints } from './commerce';
import { devicesEndpoints } from './devices';
import { alertsEndpoints } from './alerts';
import { upgradeEndpoints } from './upgrade';
import { diagnosisEndpoints } from './diagnosis';
import { giftsEndpoints } from './gifts';
import { ticketsEndpoints } from './tickets';
import { agentApplicationsEndpoints } from './agentApplications';
import { membershipEndpoints } from './membership';
import { shopEndpoints } from './shop';
import { chatEndpoints } from './chat';
import { errorReportsEndpoints } from './errorReports';
import { payeeConfirmEndpoints } from './payeeConfirm';
import { wechatJsSdkEndpoints } from './wechatJsSdk';
import { accountEndpoints } from './account';
import { messagesEndpoints } from './messages';
import { afterSalesEndpoints } from './afterSales';
import { addressesEndpoints } from './addresses';

export const PORTAL_ENDPOINTS = {
  ...authEndpoints,
  ...cardPasswordEndpoints,
  ...brandingEndpoints,
  ...cardsEndpoints,
  ...cardNicknameEndpoints,
  ...usageEndpoints,
  ...realNameEndpoints,
  ...commerceEndpoints,
  ...devicesEndpoints,
  ...alertsEndpoints,
  ...upgradeEndpoints,
  ...diagnosisEndpoints,
  ...giftsEndpoints,
  ...ticketsEndpoints,
  ...agentApplicationsEndpoints,
  ...membershipEndpoints,
  ...shopEndpoints,
  ...chatEndpoints,
  ...errorReportsEndpoints,
  ...payeeConfirmEndpoints,
  ...wechatJsSdkEndpoints,
  ...accountEndpoints,
  ...messagesEndpoints,
  ...afterSalesEndpoints,
  ...addressesEndpoints,
} as const;
