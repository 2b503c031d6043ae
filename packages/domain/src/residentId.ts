// The 18-digit resident identity card number (GB 11643-1999): 6-digit region, 8-digit birth date,
// 3-digit sequence, and an ISO 7064 MOD 11-2 check character. Checked before anything is sent to
// a carrier, so a typo is caught on the form rather than as a failed verification.

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character the first 17 digits call for. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

function validBirthDate(yyyymmdd: string, today: Date): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() <= today.getTime();
}

export function isValidResidentId(value: string, today: Date = new Date()): boolean {
  const id = value.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  if (!validBirthDate(id.slice(6, 14), today)) return false;
  return residentIdCheckChar(id.slice(0, 17)) === id[17];
}

/** 110101********1234 style: region and last four kept, birth date and sequence hidden. */
export function maskIdNumber(value: string): string {
  const id = value.trim();
  if (id.length < 10) return '*'.repeat(id.length);
  return id.slice(0, 4) + '*'.repeat(id.length - 8) + id.slice(-4);
}

/** 张* / 欧阳** : the family name's first character only. */
export function maskPersonName(value: string): string {
  const name = value.trim();
  if (name.length <= 1) return name;
  return name[0] + '*'.repeat(name.length - 1);
}
