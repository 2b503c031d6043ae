// Every SMS the portal hands to its provider is counted by template and outcome (lib/metrics): an
// operator is alerted when codes are asked for and none goes out (deploy/prometheus/alerts.yml).
import { countSms } from '../../lib/metrics';
import type { SmsProvider, SmsTemplate } from './provider';

export function countedSms(inner: SmsProvider): SmsProvider {
  return {
    async send(mobile: string, content: string, template?: SmsTemplate): Promise<void> {
      const kind = template?.kind ?? 'text';
      try {
        await inner.send(mobile, content, template);
      } catch (err) {
        countSms(kind, 'refused');
        throw err;
      }
      countSms(kind, 'sent');
    },
  };
}
