// Runs an operator command (apps/server/src/cli/*) as a child process, as an operator would: its
// build, as the image carries it (scripts/test/serverEntry.ts).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandEntry } from '../../../scripts/test/serverEntry';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(script: string, args: string[], databaseUrl: string): Promise<CliResult> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [...commandEntry(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
