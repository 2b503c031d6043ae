// The official account's settings (docs/decisions/0038-alerts-in-the-messaging-app.md), as config.ts composes them.
import type { TemplateFields } from './templateData';

export interface WechatMpConfig {
  /** the official account's AppID (normally the one the payments' JSAPI login uses) */
  appid: string;
  /** its AppSecret, given in the environment… */
  secret: string | null;
  /** …or as a file holding it (WECHAT_MP_SECRET_FILE), read at start-up */
  secretFile: string | null;
  /** the template message the alerts are sent with */
  templateId: string;
  /** the template's keywords → the alert's parts */
  templateFields: TemplateFields;
  /** the platform's API origin (a test's fake, or a forward proxy) */
  apiBase: string;
  /** the portal's public https origin: the alert's link and the login's way back */
  publicUrl: string;
  /** the operations team's openids: carrier accounts' failures are sent to them (WECHAT_MP_OPS_OPENIDS; none: not sent) */
  opsOpenids?: string[];
}

export interface MessagingAppSettings {
  /** alerts in the messaging app through the official account's template messages; null = the channel is absent (docs/decisions/0038) */
  wechatMp: WechatMpConfig | null;
}
