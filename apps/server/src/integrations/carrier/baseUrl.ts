// One meaning of an account's base_url for every platform kind (docs/decisions/0060): the
// platform's documented base, path included — OneLink's https://api.iot.10086.cn/v5, Unicom CMP's
// https://gwapi.10646.cn/api, Jasper's https://api.10646.cn/rws/api/v1, CTWing's host — and each
// client appends only its calls' own paths. An address that doubles the documented prefix (CMP's
// …/api/api calls nothing that exists), stops short of it or reaches into a call's path is refused
// where it is saved (the console, CARRIER_ACCOUNTS_FILE), in words that show the form to write.

/** What a kind says about its addresses. */
export interface BasePathRule {
  /** the console's name, e.g. '中国联通 CMP（物联网能力开放平台）' */
  label: string;
  /** the documented base's path ('' for a host), e.g. '/api' */
  basePath: string;
  /** the first path segments of the calls, relative to the base (an address ending in one reaches into a call) */
  callPrefixes: readonly string[];
}

/** The address's path without trailing slashes ('' for the host alone). */
function pathOf(url: URL): string {
  return url.pathname.replace(/\/+$/, '');
}

/**
 * Why `address` is not a base of the kind, in words for the operator (showing the form to write),
 * or null when it is. Only the path is judged here; the scheme and the host are the address rule's
 * (modules/carriers/address.ts), and an unparsable address is left to the caller's form check.
 */
export function basePathProblem(rule: BasePathRule, address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  const path = pathOf(url);
  const form = `${url.origin}${rule.basePath}`;
  const write = `请写成 ${form} 这样的形式（写到文档的接口前缀为止，不含具体接口）`;
  if (url.search || url.hash) return `${rule.label}的平台地址不可带查询参数：${write}`;
  if (rule.basePath && path.includes(`${rule.basePath}${rule.basePath}`))
    return `平台地址的路径「${path}」重复了接口前缀「${rule.basePath}」：${write}`;
  const segments = path.split('/').filter(Boolean);
  for (const prefix of rule.callPrefixes) {
    const name = prefix.replace(/^\//, '');
    if (segments.includes(name) && !rule.basePath.split('/').includes(name))
      return `平台地址的路径「${path}」含有接口路径「${prefix}」：${write}`;
  }
  if (rule.basePath && !path.endsWith(rule.basePath)) return `${rule.label}的平台地址须以接口前缀「${rule.basePath}」结尾：${write}`;
  return null;
}

/** A kind refuses an address among its fields (Jasper's CMP address): the message is the operator's, in words. */
export class BaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaseUrlError';
  }
}
