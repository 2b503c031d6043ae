// The small coloured badges (an order's 支付失败 / 待支付 / 已完成, a device change's state, a blocked
// client, a failed upload) are 11-12px text on a tinted pill: WCAG AA asks 4.5:1 (docs/decisions/0066: 支付失败
// read 4.39:1, #d92d20 on #fff1f0). Each rule's own colour and background, checked from the CSS.
// (Here, not beside the CSS: the web project has no node types, and vitest hands a .css?raw import an empty module.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = (path: string) => readFileSync(join(import.meta.dirname, '../apps/web/src', path), 'utf8');
const base = web('styles/base.css');
const orderState = web('features/commerce/components/OrderSummary.module.css');
const clients = web('features/devices/components/ClientList.module.css');
const devices = web('features/devices/components/devices.module.css');
const uploader = web('features/tickets/components/ImageUploader.module.css');

function hexOf(value: string): string {
  const v = value.trim();
  const named = /^var\((--[\w-]+)\)$/.exec(v);
  if (named) return hexOf(new RegExp(`${named[1]}:\\s*([^;]+);`).exec(base)![1]!);
  const h = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v)![1]!;
  return h.length === 3 ? [...h].map((c) => c + c).join('') : h;
}

function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(hexOf(a)), luminance(hexOf(b))].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The colour and background of one rule, by its exact selector. */
function colours(css: string, selector: string): { color: string; background: string } {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|\\n|,\\s*)${escaped}\\s*(?:,[^{]*)?\\{([^}]*)\\}`).exec(css)?.[1];
  if (!body) throw new Error(`no rule ${selector}`);
  const get = (p: string) => new RegExp(`(?:^|[\\s;])${p}:\\s*([^;]+);`).exec(body)?.[1] ?? '';
  return { color: get('color'), background: get('background') };
}

describe('badges read at AA (4.5:1)', () => {
  it.each([
    ['order 支付失败', orderState, '.state_failed'],
    ['order 待支付', orderState, '.state_pending'],
    ['order 已支付 / 已完成', orderState, '.state_paid'],
    ['order 已关闭 / 已退款', orderState, '.state'],
    ['device change 待生效', devices, '.pending'],
    ['device change 已生效', devices, '.applied'],
    ['device change 失败', devices, '.failed'],
    ['device change 已撤销', devices, '.cancelled'],
    ['client 已拉黑', clients, '.blocked'],
    ['upload 上传失败', uploader, ".item[data-status='failed']"],
  ])('%s', (_what, css, selector) => {
    const { color, background } = colours(css, selector);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  });
});
