// What a real gateway's notification route hands to PaymentGateway.verifyNotification: the
// request's headers and its body exactly as received. Gateways sign the bytes they sent (WeChat
// Pay a JSON body with its headers, Alipay a form), so a parsed-and-reserialised body could never
// be verified.
export interface RawNotification {
  kind: 'raw';
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function isRawNotification(v: unknown): v is RawNotification {
  const r = v as RawNotification | null;
  return !!r && typeof r === 'object' && r.kind === 'raw' && typeof r.body === 'string' && !!r.headers && typeof r.headers === 'object';
}
