import type { StartedTestContainer } from 'testcontainers';
import { describeAgainstServer, type Testcontainers } from '../server-under-test.ts';
import { MongoReadStore } from './mongo-read-store.ts';
import { readStoreContract } from './read-store.contract.ts';

const PRIMARY_TIMEOUT_MS = 30_000;

/** A one-node replica set, as in docker-compose.yml: commit needs transactions. */
async function startMongo({ GenericContainer, Wait }: Testcontainers) {
  const container = await new GenericContainer('mongo:7')
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  await initiateReplicaSet(container);
  return {
    // Direct: the member is known as localhost:27017 inside the container, not from here.
    url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/linkledger_contract?directConnection=true`,
    stop: async () => void (await container.stop()),
  };
}

async function initiateReplicaSet(container: StartedTestContainer): Promise<void> {
  const initiate = await mongosh(container, "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }).ok");
  if (initiate.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiate.output}`);
  // The node refuses writes until it has elected itself primary.
  const deadline = Date.now() + PRIMARY_TIMEOUT_MS;
  while ((await mongosh(container, 'db.hello().isWritablePrimary')).stdout.trim() !== 'true') {
    if (Date.now() > deadline) throw new Error('MongoDB did not become primary');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const mongosh = (container: StartedTestContainer, script: string) => container.exec(['mongosh', '--quiet', '--eval', script]);

// The contract namespaces its collections and projectors per test, so the tests share one server.
await describeAgainstServer('MongoDB read store — contract', { urlVariable: 'MONGODB_URL', startContainer: startMongo }, (url) => {
  readStoreContract(async () => MongoReadStore.connect(await url()));
});
