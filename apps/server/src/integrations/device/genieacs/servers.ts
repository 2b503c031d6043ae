// Which auto-configuration servers the portal talks to (docs/decisions/0032-routers-through-genieacs.md):
// one from ACS_URL (+ ACS_USERNAME, ACS_PASSWORD_FILE, ACS_AGENTS), and/or several from ACS_FILE.
// An ACS may be limited to some agents (a reseller's own ACS) and to some product classes (one ACS
// per router maker). Passwords are read from files (`password_FILE`), never from the environment
// or the JSON itself, so they appear in no `ps`, no env dump and no repository.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AcsSettings } from '../settings';

export interface AcsServer {
  name: string;
  url: string;
  username?: string;
  password?: string;
  /** agent marks whose devices it manages; [] = every agent */
  agents: string[];
  /** product classes it manages; [] = every model */
  productClasses: string[];
}

/** A server list that cannot be used; the message names the file or variable and the entry. */
export class AcsSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AcsSettingsError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function secretFile(path: string, where: string, read: (p: string) => string): string {
  try {
    return read(path).trim();
  } catch (err) {
    throw new AcsSettingsError(`${where}: cannot read the password file ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

const list = (v: unknown, where: string, field: string): string[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x.trim() !== ''))
    throw new AcsSettingsError(`${where}: "${field}" must be a list of names`);
  return v.map((x: string) => x.trim());
};

/** The servers of ACS_FILE's JSON text; `read` reads a password file (relative paths: beside the JSON). */
export function parseAcsFile(text: string, file: string, read: (p: string) => string): AcsServer[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new AcsSettingsError(`ACS_FILE ${file}: not valid JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(raw)) throw new AcsSettingsError(`ACS_FILE ${file}: must be a JSON array of servers`);
  const names = new Set<string>();
  return raw.map((e, i) => {
    const where = `ACS_FILE ${file}, server ${i + 1}`;
    if (!isObject(e)) throw new AcsSettingsError(`${where}: must be an object`);
    const name = typeof e.name === 'string' ? e.name.trim() : '';
    if (!name) throw new AcsSettingsError(`${where}: "name" is needed`);
    if (names.has(name)) throw new AcsSettingsError(`${where}: the name "${name}" is used twice`);
    names.add(name);
    const at = `${where} (${name})`;
    if ('password' in e) throw new AcsSettingsError(`${at}: give the password as "password_FILE" (a path), not in the JSON`);
    let url: URL;
    try {
      url = new URL(String(e.url));
    } catch {
      throw new AcsSettingsError(`${at}: "url" must be the NBI address, e.g. http://acs.example.com:7557`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AcsSettingsError(`${at}: "url" must be http or https`);
    if (url.username || url.password) throw new AcsSettingsError(`${at}: no credentials in "url"; use "username" and "password_FILE"`);
    const username = typeof e.username === 'string' && e.username.trim() ? e.username.trim() : undefined;
    const pwFile = typeof e.password_FILE === 'string' && e.password_FILE.trim() ? resolve(file, '..', e.password_FILE.trim()) : undefined;
    if (pwFile && !username) throw new AcsSettingsError(`${at}: "password_FILE" without "username"`);
    return {
      name,
      url: url.toString().replace(/\/+$/, ''),
      ...(username ? { username } : {}),
      ...(pwFile ? { password: secretFile(pwFile, at, read) } : {}),
      agents: list(e.agents, at, 'agents'),
      productClasses: list(e.productClasses, at, 'productClasses'),
    };
  });
}

/** Every configured server, ACS_URL's first (named "default"). */
export function acsServers(s: AcsSettings, read: (p: string) => string = (p) => readFileSync(p, 'utf8')): AcsServer[] {
  const out: AcsServer[] = [];
  if (s.url) {
    if (s.passwordFile && !s.username) throw new AcsSettingsError('ACS_PASSWORD_FILE is set without ACS_USERNAME');
    out.push({
      name: 'default',
      url: s.url.replace(/\/+$/, ''),
      ...(s.username ? { username: s.username } : {}),
      ...(s.passwordFile ? { password: secretFile(s.passwordFile, 'ACS_PASSWORD_FILE', read) } : {}),
      agents: s.agents,
      productClasses: [],
    });
  }
  if (s.file) {
    let text: string;
    try {
      text = read(s.file);
    } catch (err) {
      throw new AcsSettingsError(`ACS_FILE ${s.file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    for (const server of parseAcsFile(text, s.file, read)) {
      if (out.some((o) => o.name === server.name))
        throw new AcsSettingsError(`ACS_FILE ${s.file}: the name "${server.name}" is taken by ACS_URL`);
      out.push(server);
    }
  }
  return out;
}
