// The SMS interface. The default provider (./simulatorSms.ts) writes each message to the server
// log and to the sim_sms_outbox table; a real provider (./aliyun/) sends it through a template
// registered with the carrier-facing service, so every caller also says which kind of message it
// is and its variables.
export interface SmsProvider {
  send(mobile: string, content: string, template?: SmsTemplate): Promise<void>;
}

/**
 * What a templated provider needs: `code` = a verification code (variable `code`), `notice` = an
 * alert about a card (variables `card`: its last four digits, `title`: what happened).
 */
export type SmsTemplate = { kind: 'code'; params: { code: string } } | { kind: 'notice'; params: { card: string; title: string } };
