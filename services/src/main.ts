import { ConfigError, loadConfig } from './platform/config.ts';
import { buildApp } from './platform/app.ts';
import { openPlatform } from './platform/platform.ts';

async function main() {
  const config = loadConfig();
  const log = {
    info: (message: string) => console.log(message),
    error: (error: unknown, message: string) => console.error(message, error),
  };
  const platform = await openPlatform(config, { log });
  const app = config.ROLE === 'projector' ? null : await buildApp(platform);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: closing`);
    await app?.close();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (app) {
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    log.info(`Linkledger is ready at ${address.replace('0.0.0.0', 'localhost')} (data in ${config.DATA_DIR})`);
  } else {
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
