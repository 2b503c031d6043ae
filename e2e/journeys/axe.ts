// axe-core in the page under test: run the rules named, answer their violations (id, impact,
// and the offending elements' HTML) so a journey can expect none.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

export async function axeViolations(page: Page, rules: string[]): Promise<AxeViolation[]> {
  // evaluated, not added as a <script>: the portal's Content-Security-Policy forbids inline scripts
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;0`);
  return page.evaluate(async (ids) => {
    type Violation = { id: string; impact: string | null; nodes: { html: string }[] };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    // experimental rules (label-content-name-mismatch is one) run only when enabled by name
    const result = await axe.run(document, {
      runOnly: { type: 'rule', values: ids },
      rules: Object.fromEntries(ids.map((id) => [id, { enabled: true }])),
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html) }));
  }, rules);
}
