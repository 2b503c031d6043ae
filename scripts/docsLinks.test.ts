// Every path into docs/ that a comment or a document names, and every relative link in a markdown
// file, must lead somewhere a reader of this repository can open. Scans the tracked files
// (`git ls-files`), so a link in a new file is checked as soon as it is committed or staged.
// A decision record may be named by its number alone (the 4-digit prefix of exactly one file in
// docs/decisions/), as most comments do.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const TEXT = /\.(?:[cm]?[jt]sx?|md|css|html|vue|json|ya?ml|sh|conf|example)$|(?:^|\/)(?:Dockerfile|\.npmrc)$/;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && TEXT.test(f) && !f.endsWith('package-lock.json') && existsSync(join(root, f)));

const decisions = readdirSync(join(root, 'docs/decisions'));

/** Whether a path from the repository root names a file or folder (or one decision by number). */
function resolves(path: string): boolean {
  if (existsSync(join(root, path))) return true;
  const byNumber = /^docs\/decisions\/(\d{4})$/.exec(path.replace(/\/$/, ''));
  return byNumber !== null && decisions.filter((d) => d.startsWith(`${byNumber[1]}-`)).length === 1;
}

// "docs/…" not preceded by a path or URL character (so …/fastify.dev/docs/… is someone else's)
const DOCS_PATH = /(?<![\w/.@-])docs\/[\w./-]*[\w/]/g;
// [text](target) in markdown; a target with a scheme or only an anchor is not a file here
const MD_LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

interface Dead {
  file: string;
  line: number;
  link: string;
}

function deadLinks(): Dead[] {
  const dead: Dead[] = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const m of text.matchAll(DOCS_PATH)) {
        if (!resolves(m[0])) dead.push({ file, line: i + 1, link: m[0] });
      }
      if (!file.endsWith('.md')) return;
      for (const m of text.matchAll(MD_LINK)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z][a-z0-9+.-]*:/i.test(m[1]!)) continue;
        const path = target.startsWith('/') ? target.slice(1) : posix.join(dirname(file), target);
        if (!resolves(decodeURIComponent(path))) dead.push({ file, line: i + 1, link: m[1]! });
      }
    });
  }
  return dead;
}

describe('links into the documentation', () => {
  it('scans the tracked source and docs files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.startsWith('docs/decisions/'))).toBe(true);
  });

  it('every docs/… path and every relative markdown link resolves', () => {
    const dead = deadLinks().map((d) => `${d.file}:${d.line}  ${d.link}`);
    expect(dead, `links that lead nowhere:\n${dead.join('\n')}`).toEqual([]);
  });
});

// The tracker's numbers mean nothing to a reader of this repository: code and documents say the
// reason, or name the decision record or the spec section that holds it (docs/decisions/0047).
describe('code and documents cite what the repository holds', () => {
  it('no source file or document cites an issue number', () => {
    const CITING = /\.(?:[cm]?[jt]sx?|css|md)$/;
    const cites: string[] = [];
    for (const file of files.filter((f) => CITING.test(f) && f !== 'scripts/docsLinks.test.ts')) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (/\bissues? ?#?\d+\b/i.test(text)) cites.push(`${file}:${i + 1}  ${text.trim()}`);
        });
    }
    expect(cites, `cite the decision record or the spec section instead:\n${cites.join('\n')}`).toEqual([]);
  });
});
