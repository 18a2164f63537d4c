/** Settings from the environment, with the README's defaults. */
import { resolve } from 'node:path';

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demo: (env.DEMO ?? '1') !== '0',
    demoPassword: env.DEMO_PASSWORD ?? 'demo-password',
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    webDist: resolve(env.WEB_DIST ?? './dist'),
  };
}
export type Config = ReturnType<typeof readConfig>;
