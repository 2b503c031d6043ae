// The nickname a user gives one of their cards (家里路由器, 车载…): 1 to 10 characters, trimmed,
// no control characters. "" clears it. Kept per binding, so nobody else sees it.

export const NICKNAME_MAX = 10;

/** Trimmed, inner runs of white space made one space. */
export function cleanNickname(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/** What is wrong with a nickname (after cleaning), in words for the user; null when it is fine. "" is fine: it clears. */
export function nicknameProblem(nickname: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/.test(nickname)) return '备注名不能包含特殊字符';
  if ([...nickname].length > NICKNAME_MAX) return `备注名最多${NICKNAME_MAX}个字`;
  return null;
}
