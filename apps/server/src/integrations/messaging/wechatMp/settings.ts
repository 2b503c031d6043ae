// The official account's settings (docs/decisions/0038-alerts-in-the-messaging-app.md), as config.ts composes them.
import { resolve } from 'node:path';
import { z } from 'zod';
import type { PAYMENT_ENV } from '../../payment/settings';
import { DEFAULT_TEMPLATE_FIELDS, parseTemplateFields, type TemplateFields } from './templateData';

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

/** The official account's variables (config.ts composes them into the one schema). */
export const MESSAGING_APP_ENV = z.object({
  // alerts in the messaging app (docs/decisions/0038-alerts-in-the-messaging-app.md): all absent = no such channel
  WECHAT_MP_APPID: z
    .string()
    .trim()
    .regex(/^wx[0-9a-f]{16}$/, { error: "must be the official account's AppID (wx and 16 hex digits)" })
    .optional(),
  WECHAT_MP_SECRET: z.string().trim().min(1).optional(),
  WECHAT_MP_SECRET_FILE: z.string().trim().min(1, { error: 'must be a path' }).optional(),
  WECHAT_MP_TEMPLATE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'must be the template id shown in the official account (letters, digits, - and _)' })
    .optional(),
  WECHAT_MP_TEMPLATE_FIELDS: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const r = parseTemplateFields(v);
      if ('problem' in r) {
        ctx.addIssue({ code: 'custom', message: r.problem });
        return z.NEVER;
      }
      return r;
    })
    .default(parseTemplateFields(DEFAULT_TEMPLATE_FIELDS) as TemplateFields),
  WECHAT_MP_API_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/?#\s]+$/, { error: 'must be an origin, e.g. https://api.weixin.qq.com (no path)' })
    .default('https://api.weixin.qq.com'),
  /** the operations team's openids under the official account: told of carrier accounts' failures (docs/decisions/0065) */
  WECHAT_MP_OPS_OPENIDS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => /^[A-Za-z0-9_-]{6,64}$/.test(o)), {
      error: 'must be openids of the official account, separated by commas (letters, digits, - and _)',
    })
    .refine((list) => list.length <= 20, { error: 'at most 20 openids' })
    .default([]),
});
/** the alert's link and the login's way back use the payments' public origin */
type MessagingAppEnv = z.output<typeof MESSAGING_APP_ENV> & Pick<z.output<typeof PAYMENT_ENV>, 'PAY_PUBLIC_URL'>;

export function messagingAppSettings(e: MessagingAppEnv): MessagingAppSettings {
  return {
    wechatMp: e.WECHAT_MP_APPID
      ? {
          appid: e.WECHAT_MP_APPID,
          secret: e.WECHAT_MP_SECRET ?? null,
          secretFile: e.WECHAT_MP_SECRET_FILE ? resolve(e.WECHAT_MP_SECRET_FILE) : null,
          templateId: e.WECHAT_MP_TEMPLATE_ID!,
          templateFields: e.WECHAT_MP_TEMPLATE_FIELDS,
          apiBase: e.WECHAT_MP_API_URL,
          publicUrl: e.PAY_PUBLIC_URL!,
          opsOpenids: e.WECHAT_MP_OPS_OPENIDS,
        }
      : null,
  };
}

/** The messaging-app channel is configured all together or not at all; each missing piece named. */
export function messagingAppMissing(e: MessagingAppEnv): string[] {
  const given = (['WECHAT_MP_APPID', 'WECHAT_MP_SECRET', 'WECHAT_MP_SECRET_FILE', 'WECHAT_MP_TEMPLATE_ID'] as const).filter(
    (n) => e[n] !== undefined,
  );
  if (given.length === 0) return [];
  const out: string[] = [];
  const why = `alerts in the messaging app (${given.join(', ')} set) need`;
  if (!e.WECHAT_MP_APPID) out.push(`WECHAT_MP_APPID: ${why} the official account's AppID`);
  if (!e.WECHAT_MP_SECRET && !e.WECHAT_MP_SECRET_FILE)
    out.push(`WECHAT_MP_SECRET: ${why} the AppSecret (or WECHAT_MP_SECRET_FILE, a file holding it)`);
  if (e.WECHAT_MP_SECRET && e.WECHAT_MP_SECRET_FILE)
    out.push('WECHAT_MP_SECRET_FILE: give the AppSecret once, either WECHAT_MP_SECRET or WECHAT_MP_SECRET_FILE');
  if (!e.WECHAT_MP_TEMPLATE_ID) out.push(`WECHAT_MP_TEMPLATE_ID: ${why} the template message's id`);
  if (!e.PAY_PUBLIC_URL) out.push(`PAY_PUBLIC_URL: ${why} the portal's public https origin (the alert's link)`);
  return out;
}
