import { randomUUID } from 'node:crypto';
import { describeAgainstServer, type Testcontainers } from '../server-under-test.ts';
import { analyticsStoreContract } from './analytics-store.contract.ts';
import { ClickHouseAnalyticsStore } from './clickhouse-analytics-store.ts';

async function startClickHouse({ GenericContainer, Wait }: Testcontainers) {
  const container = await new GenericContainer('clickhouse/clickhouse-server:25.8')
    // Without it the image shuts the passwordless `default` user off from the network.
    .withEnvironment({ CLICKHOUSE_SKIP_USER_SETUP: '1' })
    .withUlimits({ nofile: { soft: 262144, hard: 262144 } })
    .withExposedPorts(8123)
    .withWaitStrategy(Wait.forHttp('/ping', 8123).forStatusCode(200))
    .start();
  return {
    url: `http://${container.getHost()}:${container.getMappedPort(8123)}`,
    stop: async () => void (await container.stop()),
  };
}

// A database of its own per run, so a shared server keeps other data untouched.
await describeAgainstServer('ClickHouse server analytics store — contract', { urlVariable: 'CLICKHOUSE_URL', startContainer: startClickHouse }, (url) => {
  analyticsStoreContract(async () => ClickHouseAnalyticsStore.open({ kind: 'server', url: await url() }, `contract_${randomUUID().replaceAll('-', '')}`));
});
