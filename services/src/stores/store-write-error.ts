/**
 * A store could not save (a full disk, an I/O error, a database locked for too long): the
 * request that wrote fails with a 503 and nothing is kept back, so the next write tries
 * afresh (docs/architecture.md#self-healing-stores). `code` names the cause (SQLITE_FULL,
 * ENOSPC, EIO, SQLITE_BUSY…): it is the kind the log counts repeats by.
 */
export class StoreWriteError extends Error {
  readonly code: string;

  constructor(
    readonly store: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The ${store} store could not save: ${reason}`, { cause });
    this.name = 'StoreWriteError';
    this.code = codeOf(cause) ?? 'UNKNOWN';
  }
}

/** The error code of an error from SQLite or the file system, if it has one. */
export function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
