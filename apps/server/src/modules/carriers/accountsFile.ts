// CARRIER_ACCOUNTS_FILE (docs/decisions/0030): carrier accounts declared at start-up for automated
// deployments. A JSON array, one entry per account:
//   { "name": "移动-华东", "carrier": "onelink", "base_url": "https://api.iot.10086.cn/v5" (the
//     platform's documented base, path included; left out: the kind's default),
//     "appid": "…", "password_FILE": "/run/secrets/onelink-password", "calls_per_second": 5 }
// Each field of the kind (integrations/carrier/kinds.ts) is given in place, or — secrets above
// all — as `<field>_FILE`, a path whose content (trimmed) is the value. Every problem is reported
// at once, each naming the entry and the field, like the rest of the configuration.
import type { CarrierKind } from '../../integrations/carrier/adapter';
import { basePathProblem } from '../../integrations/carrier/baseUrl';

export interface DeclaredAccount {
  name: string;
  carrier: string;
  baseUrl: string;
  credentials: Record<string, string>;
  callsPerSecond: number;
  enabled: boolean;
}

const KNOWN_KEYS = new Set(['name', 'carrier', 'base_url', 'calls_per_second', 'enabled']);

/**
 * The accounts in `text` (the file's content), or the list of problems. `readSecret` reads a
 * `*_FILE` path (throws when it cannot). Pure apart from readSecret.
 */
export function parseAccountsFile(
  text: string,
  kinds: readonly CarrierKind[],
  readSecret: (path: string) => string,
): { accounts: DeclaredAccount[]; problems: string[] } {
  const problems: string[] = [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { accounts: [], problems: [`not valid JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(raw)) return { accounts: [], problems: ['must be a JSON array of accounts'] };
  const accounts: DeclaredAccount[] = [];
  const names = new Set<string>();
  raw.forEach((entry: unknown, i) => {
    const where = (field: string) =>
      `entry ${i + 1}${typeof (entry as { name?: unknown })?.name === 'string' ? ` (${(entry as { name: string }).name})` : ''}: ${field}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`entry ${i + 1}: must be an object`);
      return;
    }
    const e = entry as Record<string, unknown>;
    const before = problems.length;
    const name = typeof e.name === 'string' ? e.name.trim() : '';
    if (!name || name.length > 40) problems.push(`${where('name')} is required, at most 40 characters`);
    else if (names.has(name)) problems.push(`${where('name')} is given twice`);
    else names.add(name);
    const kind = typeof e.carrier === 'string' ? kinds.find((k) => k.kind === e.carrier) : undefined;
    if (!kind) {
      problems.push(`${where('carrier')} must be one of ${kinds.map((k) => k.kind).join(', ')}`);
      return;
    }
    const baseUrl = e.base_url === undefined ? kind.defaultBaseUrl : e.base_url;
    if (typeof baseUrl !== 'string' || !/^https?:\/\/[^\s/]+/.test(baseUrl)) problems.push(`${where('base_url')} must be an http(s) URL`);
    else {
      // the platform's documented base, path included, for every kind (integrations/carrier/baseUrl.ts)
      const problem = basePathProblem(kind, baseUrl);
      if (problem) problems.push(`${where('base_url')} ${problem}`);
    }
    const cps = e.calls_per_second === undefined ? 0 : e.calls_per_second;
    if (typeof cps !== 'number' || !Number.isInteger(cps) || cps < 0 || cps > 1000)
      problems.push(`${where('calls_per_second')} must be a whole number from 0 (the platform's limit) to 1000`);
    if (e.enabled !== undefined && typeof e.enabled !== 'boolean') problems.push(`${where('enabled')} must be true or false`);
    const credentials: Record<string, string> = {};
    for (const f of kind.fields) {
      const inPlace = e[f.name];
      const file = e[`${f.name}_FILE`];
      if (inPlace !== undefined && file !== undefined) {
        problems.push(`${where(f.name)} is given both in place and as ${f.name}_FILE`);
        continue;
      }
      let value: string | undefined;
      if (typeof file === 'string') {
        try {
          value = readSecret(file).trim();
        } catch {
          problems.push(`${where(`${f.name}_FILE`)} cannot read ${file}`);
          continue;
        }
      } else if (file !== undefined) problems.push(`${where(`${f.name}_FILE`)} must be a path`);
      else if (typeof inPlace === 'string') value = inPlace.trim();
      else if (inPlace !== undefined) problems.push(`${where(f.name)} must be text`);
      if (value === undefined || value === '') {
        if (f.required) problems.push(`${where(f.name)} is required${f.secret ? ` (or ${f.name}_FILE)` : ''}`);
        continue;
      }
      if (f.choices && !f.choices.includes(value)) {
        problems.push(`${where(f.name)} must be one of ${f.choices.join(', ')}`);
        continue;
      }
      credentials[f.name] = value;
    }
    const fieldNames = new Set(kind.fields.flatMap((f) => [f.name, `${f.name}_FILE`]));
    for (const key of Object.keys(e))
      if (!KNOWN_KEYS.has(key) && !fieldNames.has(key)) problems.push(`${where(key)} is not a field of ${kind.kind}`);
    if (problems.length === before)
      accounts.push({
        name,
        carrier: kind.kind,
        baseUrl: (baseUrl as string).replace(/\/+$/, ''),
        credentials,
        callsPerSecond: cps as number,
        enabled: e.enabled !== false,
      });
  });
  return { accounts, problems };
}
