import { describe, expect, it } from 'vitest';
import { firstLoadFiles, type Manifest } from './bundle';

// A manifest shaped like Vite's: entry -> shared vendor chunk; lazy pages with their own imports.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-b.js'],
    dynamicImports: ['src/routes/account/Login.tsx', 'src/routes/cards/Home.tsx', 'src/routes/account/LoginHelp.tsx'],
    css: ['assets/index-a.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js', name: 'vendor' },
  '_form-c.js': { file: 'assets/form-c.js', imports: ['_vendor-b.js'], css: ['assets/form-c.css'] },
  '_chart-d.js': { file: 'assets/chart-d.js' },
  'src/routes/account/Login.tsx': {
    file: 'assets/Login-e.js',
    src: 'src/routes/account/Login.tsx',
    isDynamicEntry: true,
    imports: ['_form-c.js', '_vendor-b.js'],
    dynamicImports: ['src/routes/account/LoginHelp.tsx'],
    css: ['assets/Login-e.css'],
  },
  'src/routes/account/LoginHelp.tsx': { file: 'assets/LoginHelp-f.js', src: 'src/routes/account/LoginHelp.tsx', isDynamicEntry: true },
  'src/routes/cards/Home.tsx': {
    file: 'assets/Home-g.js',
    src: 'src/routes/cards/Home.tsx',
    isDynamicEntry: true,
    imports: ['_chart-d.js'],
  },
};

describe('firstLoadFiles', () => {
  it('counts the entry, its static imports, the login page chunk and its static imports, once each', () => {
    const r = firstLoadFiles(manifest);
    expect(r.entryKey).toBe('index.html');
    expect(r.routeKeys).toEqual(['src/routes/account/Login.tsx']);
    expect(r.js).toEqual(['assets/index-a.js', 'assets/vendor-b.js', 'assets/Login-e.js', 'assets/form-c.js']);
    expect(r.css).toEqual(['assets/index-a.css', 'assets/Login-e.css', 'assets/form-c.css']);
  });

  it('leaves out other pages and lazy imports inside the login page', () => {
    const r = firstLoadFiles(manifest);
    expect(r.js).not.toContain('assets/Home-g.js');
    expect(r.js).not.toContain('assets/chart-d.js');
    expect(r.js).not.toContain('assets/LoginHelp-f.js');
  });

  it('matches a page folder too (src/routes/account/Login/index.tsx)', () => {
    const m: Manifest = {
      'index.html': { file: 'assets/i.js', isEntry: true, dynamicImports: ['src/routes/account/Login/index.tsx'] },
      'src/routes/account/Login/index.tsx': { file: 'assets/l.js', src: 'src/routes/account/Login/index.tsx', isDynamicEntry: true },
    };
    expect(firstLoadFiles(m).js).toEqual(['assets/i.js', 'assets/l.js']);
  });

  it('fails loudly when no lazy chunk matches the route', () => {
    const m: Manifest = { 'index.html': { file: 'assets/i.js', isEntry: true } };
    expect(() => firstLoadFiles(m)).toThrow(/no lazy chunk matches/);
  });
});
