import { describeAgainstServer, type Testcontainers } from '../server-under-test.ts';
import { eventStoreContract } from './event-store.contract.ts';
import { KurrentDbEventStore } from './kurrentdb-event-store.ts';

/** Multi-stream append needs KurrentDB 25.1 or later. */
const IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:26.1';

async function startKurrentDb({ GenericContainer, Wait }: Testcontainers) {
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_MEM_DB: 'true' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  return {
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => void (await container.stop()),
  };
}

// The contract namespaces its streams per test, so every test can share one server.
await describeAgainstServer('KurrentDB event store — contract', { urlVariable: 'EVENTSTORE_URL', startContainer: startKurrentDb }, (url) => {
  eventStoreContract(async () => new KurrentDbEventStore(await url(), { pollMs: 200 }));
});
