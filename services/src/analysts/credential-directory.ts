import type { EventStore } from '@linkledger/contracts';
import { ANALYSTS_STREAM, evolveCredentials, type AnalystCredential, type AnalystCredentials } from './credential-state.ts';
import { passwordMatches } from './credentials.ts';
import { foldEvents } from '../commands/event-port.ts';

/**
 * The live credentials for the query path: folded once, then brought up to date before
 * each check by reading only the events appended since (one cheap read), so a revocation
 * holds from the next query on, in this process and in any other on the same log.
 */
export class CredentialDirectory {
  private state: AnalystCredentials = new Map();
  private nextRevision = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly events: Pick<EventStore, 'readStream'>,
    private readonly installationSecret: string,
  ) {}

  private async refresh(): Promise<void> {
    // Concurrent checks share one read.
    this.refreshing ??= (async () => {
      try {
        const recorded = await this.events.readStream(ANALYSTS_STREAM, this.nextRevision);
        this.state = foldEvents(recorded, evolveCredentials, this.state);
        if (recorded.length) this.nextRevision = recorded.at(-1)!.revision + 1;
      } finally {
        this.refreshing = null;
      }
    })();
    await this.refreshing;
  }

  /** The credential these name and password prove, or null. */
  async check(name: string, password: string): Promise<AnalystCredential | null> {
    await this.refresh();
    const credential = [...this.state.values()].find((candidate) => candidate.name === name);
    return credential && passwordMatches(this.installationSecret, credential, password) ? credential : null;
  }
}
