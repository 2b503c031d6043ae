// What the audit log never shows (docs/decisions/0057): a token, a secret, a password, or
// a link that carries one. Everyone who reads the log (and its CSV) would otherwise hold, say, a
// payee's confirmation link — the one thing that lets its holder confirm a transfer. Masked when a
// row is written and again when one is read (rows written before this rule keep their text: the
// table is append-only). A masked value says that there was one, never any part of it.
export const MASK = '***';

/** the names of fields whose value is a secret itself (`app_key`, `secrets_set` are not) */
const SECRET_FIELD = /(^|_)(token|secret|password|passwd|signature)$/i;
/** the names of a link's parameters that carry a secret (`t`: the payee confirmation link's token) */
const SECRET_PARAM = /^(t|token|[a-z_]*_token|key|code|sig|signature|secret|password|ticket)$/i;
// a query parameter in a link or path: ?name=value or &name=value, up to the next & # space or quote
const PARAM = /([?&])([A-Za-z_][\w-]*)=([^&#\s"'<>]*)/g;
const BEARER = /\b(Bearer\s+)[\w.~+/-]+=*/gi;

/** A text with the secret parameters of its links and any bearer token masked. */
export function maskText(text: string): string {
  return text
    .replace(PARAM, (all, sep: string, name: string, value: string) => (value && SECRET_PARAM.test(name) ? `${sep}${name}=${MASK}` : all))
    .replace(BEARER, `$1${MASK}`);
}

/** A value (an audit row's before/after) with every secret field and every secret in a text masked. */
export function maskSecrets(value: unknown, field = ''): unknown {
  if (typeof value === 'string') return value && SECRET_FIELD.test(field) ? MASK : maskText(value);
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskSecrets(v, k)]));
  return value;
}
