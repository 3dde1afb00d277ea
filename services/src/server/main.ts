import { ConfigError, loadConfig } from '../platform/config.ts';
import { openPlatform } from './open-platform.ts';

/** One process of the product in the role ROLE names: under the supervisor (npm start), or alone when ROLE is set. */
async function main() {
  const config = loadConfig();
  // Under the supervisor every process writes to one terminal: each line says which one spoke.
  const supervised = typeof process.send === 'function';
  // The supervisor is gone (killed, say): no process is left holding the data directory. Heard
  // from the first moment, so a supervisor that dies while this process starts is noticed too.
  let shutdown: ((reason: string) => Promise<void>) | null = null;
  if (supervised) process.once('disconnect', () => (shutdown ? void shutdown('Supervisor gone') : process.exit(1)));
  const tag = supervised ? `[${config.ROLE}] ` : '';
  const log = {
    info: (message: string) => console.log(`${tag}${message}`),
    error: (error: unknown, message: string) => console.error(`${tag}${message}`, error),
  };
  const platform = await openPlatform(config, { log });
  // A projector serves no HTTP: it does not load the web framework and the routes at all.
  const app = config.ROLE === 'projector' ? null : await (await import('./app.ts')).buildApp(platform);

  let closing = false;
  shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    log.info(`${reason}: closing`);
    await app?.close();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown?.('SIGINT received'));
  process.on('SIGTERM', () => void shutdown?.('SIGTERM received'));
  if (supervised && !process.connected) await shutdown('Supervisor gone');

  if (app) {
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    if (supervised) process.send!({ type: 'ready', role: config.ROLE, address });
    else log.info(`Linkledger is ready at ${address.replace('0.0.0.0', 'localhost')} (data in ${config.DATA_DIR})`);
  } else {
    if (supervised) process.send!({ type: 'ready', role: config.ROLE });
    log.info(`Linkledger projector running (${platform.runners.map((r) => r.name).join(', ')})`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error('Linkledger could not start:', error);
  process.exit(1);
});
