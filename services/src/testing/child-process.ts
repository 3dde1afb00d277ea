import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Child {
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once the output matches `pattern`; rejects if the child exits first or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A TypeScript entry point of this repository (e.g. services/src/server/rebuild.ts) as its own process. */
export function runScript(script: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    async waitForOutput(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`${script} did not print ${pattern} within ${timeoutMs} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Runs a script to completion; throws with its output unless it exits with 0. */
export async function runToCompletion(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = runScript(script, args, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} exited with ${code}:\n${child.output()}`);
  return child.output();
}
