// The SMS interface. The default provider (./simulatorSms.ts) writes each message to the server
// log and to the sim_sms_outbox table; a real provider plugs in behind the same interface.
export interface SmsProvider {
  send(mobile: string, content: string): Promise<void>;
}
