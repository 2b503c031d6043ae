// Where a carrier account may point (docs/decisions/0057). A stored secret is sent to the account's
// address by every sync round, so whoever can set that address can send the secret anywhere and,
// through 测试连接, make the server knock on any internal address. Outside production the fake
// platforms of the tests and a developer's machine live on http://127.0.0.1, so the rule is a
// configuration (config.carrierAddresses): production asks for https and, unless the deployment
// says its platform sits on a private line (CARRIER_ALLOW_PRIVATE_ADDRESSES=1), for a public address
// — the host name's resolved addresses included, since a name is as good as an address to a caller.
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

export interface AddressRule {
  httpsOnly: boolean;
  privateAllowed: boolean;
}

/** A host name's addresses (every one: a caller may be handed any of them). */
export type Resolve = (host: string) => Promise<string[]>;

export const resolveHost: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

// loopback, "this network", private, shared (carrier-grade NAT), link-local (cloud metadata lives
// at 169.254.169.254), benchmarking, multicast and reserved ranges, and their IPv6 counterparts
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one the public internet does not route to (loopback, private, link-local…). */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  // an IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return NOT_PUBLIC.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return NOT_PUBLIC.check(bare, 'ipv4');
  if (family === 6) return NOT_PUBLIC.check(bare, 'ipv6') || /^::ffff:/i.test(bare);
  // not an address at all: refuse rather than guess
  return true;
}

export const PRIVATE_REFUSED =
  '平台地址不可指向本机、内网或链路本地地址（如平台经专线位于内网，请由部署方开启 CARRIER_ALLOW_PRIVATE_ADDRESSES）';

/**
 * Why `url` may not be an account's address under `rule`, in words for the operator; null when it
 * may. The address has passed the contract's form check (http:// or https://, a host).
 */
export async function addressProblem(url: string, rule: AddressRule, resolve: Resolve = resolveHost): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '平台地址格式不正确，请核对后重试';
  }
  if (parsed.protocol !== 'https:' && (rule.httpsOnly || parsed.protocol !== 'http:'))
    return '平台地址须以 https:// 开头（生产环境只经加密连接调用平台）';
  if (parsed.username || parsed.password) return '平台地址不可包含用户名或密码';
  if (rule.privateAllowed) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? PRIVATE_REFUSED : null;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return '无法解析平台地址的主机名，请核对后重试';
  }
  if (addresses.length === 0) return '无法解析平台地址的主机名，请核对后重试';
  return addresses.some(isPrivateAddress) ? `${PRIVATE_REFUSED}：该主机名解析到内网地址` : null;
}
