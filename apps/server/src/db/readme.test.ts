// The README's demo data is the seed's: a newcomer who types a card number the README names finds
// that card (the README once named 1000000029, which the seed never made; docs/decisions/0066).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_CARD_NUMBERS } from './seed';

const readme = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');
const demoSection = readme.slice(readme.indexOf('## Demo data'), readme.indexOf('\n## ', readme.indexOf('## Demo data') + 1));
const CARD = /(?<!\d)10000000\d\d(?!\d)/g;

describe('the README names the demo cards the seed makes', () => {
  it('every card number it names exists', () => {
    const named = [...new Set(readme.match(CARD) ?? [])];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((n) => !DEMO_CARD_NUMBERS.includes(n))).toEqual([]);
  });

  it('a short range of cards ("like 22-30") names only cards that exist', () => {
    const missing: string[] = [];
    for (const m of demoSection.matchAll(/(?<![\d-])(\d{2})[-–](\d{2})(?![\d-])/g)) {
      const [lo, hi] = [Number(m[1]), Number(m[2])];
      for (let n = lo; n <= hi; n++) {
        const num = `100000${String(n).padStart(4, '0')}`;
        if (!DEMO_CARD_NUMBERS.includes(num)) missing.push(`${m[0]} → ${num}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("its table describes every demo card, and the demo user's cards are the ones it lists", () => {
    const rows = new Set([...demoSection.matchAll(/^\| (10000000\d\d) \|/gm)].map((m) => m[1]));
    expect(DEMO_CARD_NUMBERS.filter((n) => !rows.has(n))).toEqual([]);
    const bound = /has cards ([^.]*) bound/.exec(demoSection.replace(/\s+/g, ' '))?.[1] ?? '';
    expect(bound.match(CARD)).toEqual([...DEMO.boundCards]);
  });
});
