/** The app's server for a bench: started in a child process, ready once it answers /api/health. */
import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Runs `script` (api/main.ts, or e2e/serve.ts for the demo data) on `port` with `env` added to this process's, and
 * waits up to `seconds` for it to answer; a server that does not answer is stopped and the bench fails.
 */
export async function startServer(
  script: string,
  port: number,
  env: Record<string, string>,
  seconds = 20,
): Promise<ChildProcess> {
  const server = spawn('node', ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: 'ignore',
  });
  for (let waited = 0; waited < seconds * 1000; waited += 100) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`${script} on port ${port} did not start`);
}
