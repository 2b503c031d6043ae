// What a template message carries: the template's own keywords (chosen by the reseller when they
// pick a template in the official account's library) filled from our alert's parts. The library's
// keyword kinds limit their values — thing ≤ 20 characters, character_string ≤ 32 letters, digits
// and symbols, phrase ≤ 5 characters, time a date and time — and the platform refuses a message
// whose value breaks them (47003), so each value is cut to its kind here.

/** the parts of an alert a template keyword can show */
export const ALERT_PARTS = ['title', 'body', 'card', 'time'] as const;
export type AlertPart = (typeof ALERT_PARTS)[number];

/** keyword → part, e.g. { thing1: 'title', character_string2: 'card', … } */
export type TemplateFields = Record<string, AlertPart>;

/** the keywords of the default template (卡片提醒: 提醒类型, 卡号, 提醒内容, 提醒时间) */
export const DEFAULT_TEMPLATE_FIELDS = 'thing1=title,character_string2=card,thing3=body,time4=time';

const KEYWORD = /^(thing|character_string|phrase|time|number|amount|date|const|car_number|letter|symbol|name|phone_number)\d{1,2}$/;

/** `WECHAT_MP_TEMPLATE_FIELDS` read: the map, or the problem in words. */
export function parseTemplateFields(text: string): TemplateFields | { problem: string } {
  const out: TemplateFields = {};
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, part] = pair.split('=').map((s) => s?.trim() ?? '');
    if (!key || !KEYWORD.test(key)) return { problem: `"${key ?? ''}" is not a template keyword (e.g. thing1, character_string2, time4)` };
    if (!(ALERT_PARTS as readonly string[]).includes(part ?? ''))
      return { problem: `${key}: the part must be one of ${ALERT_PARTS.join(', ')}` };
    out[key] = part as AlertPart;
  }
  if (Object.keys(out).length === 0) return { problem: 'name at least one keyword, e.g. thing1=title' };
  return out;
}

const LIMIT: Record<string, number> = { thing: 20, character_string: 32, phrase: 5, letter: 32, symbol: 5, name: 10 };

/** A value cut to what its keyword's kind accepts (an ellipsis marks a cut text). */
export function valueFor(keyword: string, value: string): string {
  const kind = keyword.replace(/\d+$/, '');
  if (kind === 'character_string') {
    // letters, digits and symbols only: a card's masked number fits, Chinese does not
    const ascii = value.replace(/[^\x21-\x7e]/g, '');
    return ascii.slice(0, LIMIT.character_string);
  }
  const max = LIMIT[kind];
  if (max === undefined) return value;
  const chars = [...value];
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}

/** the template message's `data`: each keyword with its part's value, cut to its kind */
export function templateData(fields: TemplateFields, parts: Record<AlertPart, string>): Record<string, { value: string }> {
  const data: Record<string, { value: string }> = {};
  for (const [keyword, part] of Object.entries(fields)) data[keyword] = { value: valueFor(keyword, parts[part]) };
  return data;
}
