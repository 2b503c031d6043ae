// Input rules of the wifi-device forms, shared by the zod schemas and the web forms (see ./account.ts).
// Zod-free: the web's device pages check the same rules before they send anything.

/** An SSID is at most 32 bytes on the air (IEEE 802.11), counted in UTF-8: 10 Chinese characters are 30 bytes. */
export const SSID_MAX_BYTES = 32;

/** Length of a text in UTF-8 bytes (what a device stores), not in UTF-16 code units. */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Why an SSID is refused, or null when it is fine. */
export function ssidProblem(ssid: string): string | null {
  if (ssid.length === 0) return '请输入WiFi名称';
  if (utf8Bytes(ssid) > SSID_MAX_BYTES) return `WiFi名称最长${SSID_MAX_BYTES}字节（一个汉字占3字节）`;
  // control characters cannot be typed on a phone's join screen
  if (/\p{Cc}/u.test(ssid)) return 'WiFi名称不能包含控制字符';
  return null;
}

/** A WPA2/WPA3 passphrase: 8–63 printable ASCII characters (IEEE 802.11i). */
export const WIFI_PASSWORD = {
  pattern: /^[\x20-\x7E]{8,63}$/,
  message: 'WiFi密码须为8-63位英文字母、数字或符号，不能含中文',
} as const;

/** Why a wifi password is refused, or null when it is fine. */
export function wifiPasswordProblem(password: string): string | null {
  if (password.length < 8) return 'WiFi密码至少8位';
  if (password.length > 63) return 'WiFi密码最多63位';
  if (!WIFI_PASSWORD.pattern.test(password)) return WIFI_PASSWORD.message;
  return null;
}

/** A device serial as printed on the box and the label (letters, digits, hyphens). */
export const DEVICE_SERIAL = { pattern: /^[A-Za-z0-9-]{6,32}$/, message: '请输入正确的设备序列号（6-32位字母、数字或-）' } as const;

/** A client's MAC address, as a phone shows it: six hex pairs with ":" or "-". */
export const MAC_ADDRESS = { pattern: /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, message: 'MAC地址格式有误' } as const;

/** The one spelling the server keeps: upper case with ":". */
export function normalizeMac(mac: string): string {
  return mac.trim().toUpperCase().replace(/-/g, ':');
}

/** How many clients a device may let in. */
export const MAX_CLIENTS = { min: 1, max: 64 } as const;
