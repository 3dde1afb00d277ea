/** ClickHouse's error codes (their numbers and names as ClickHouse gives them) that the analysts' endpoint answers with. */
const CODES = {
  UNSUPPORTED_METHOD: 1,
  BAD_ARGUMENTS: 36,
  UNKNOWN_FUNCTION: 46,
  UNKNOWN_TABLE: 60,
  SYNTAX_ERROR: 62,
  UNKNOWN_FORMAT: 73,
  UNKNOWN_TYPE_OF_QUERY: 78,
  UNKNOWN_DATABASE: 81,
  UNKNOWN_SETTING: 115,
  TIMEOUT_EXCEEDED: 159,
  READONLY: 164,
  REQUIRED_PASSWORD: 194,
  TOO_MANY_SIMULTANEOUS_QUERIES: 202,
  QUERY_IS_TOO_LARGE: 229,
  MEMORY_LIMIT_EXCEEDED: 241,
  TOO_MANY_BYTES: 307,
  ACCESS_DENIED: 497,
  AUTHENTICATION_FAILED: 516,
  STD_EXCEPTION: 1001,
} as const;
type CodeName = keyof typeof CODES;

/**
 * The HTTP status ClickHouse's own HTTP interface answers an error code with (ClickHouse
 * maps codes the same way in its HTTP handler): a missing password 401, a refused one or
 * refused access 403, a malformed query 400, an unknown name 404, a timeout 408, else 500.
 */
function httpStatusOf(code: number): number {
  if (code === 194) return 401;
  if ([192, 193, 516, 497, 512].includes(code)) return 403;
  if ([6, 27, 36, 62, 53, 117, 167, 168, 456, 457].includes(code)) return 400;
  if ([46, 47, 50, 56, 60, 63, 73, 78, 81, 115].includes(code)) return 404;
  if (code === 229) return 413;
  if (code === 48) return 501;
  if (code === 159) return 408;
  return 500;
}

/**
 * An error as ClickHouse reports it: a code, its name and a message. Thrown by the guard
 * and the engines alike, so every refusal reaches a client in ClickHouse's own shape.
 */
export class ClickHouseError extends Error {
  override name = 'ClickHouseError';
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
  ) {
    super(message);
  }

  static of(name: CodeName, message: string): ClickHouseError {
    return new ClickHouseError(CODES[name], name, message);
  }

  /** ClickHouse's text: `Code: 164. DB::Exception: …. (READONLY)`, which clients parse for the code. */
  get body(): string {
    return `Code: ${this.code}. DB::Exception: ${this.message}. (${this.codeName}) (version ${ENGINE_VERSION})\n`;
  }

  get status(): number {
    return httpStatusOf(this.code);
  }
}

/** The version the endpoint reports, in ClickHouse's X-ClickHouse-Server-Display-Name spirit. */
export const ENGINE_VERSION = 'linkledger analysts';

/** Whatever an engine threw, as a ClickHouseError: engines report `Code: N. DB::Exception: … (NAME)`. */
export function asClickHouseError(error: unknown): ClickHouseError {
  if (error instanceof ClickHouseError) return error;
  const text = error instanceof Error ? error.message : String(error);
  const match = /Code:\s*(\d+)\.\s*(?:DB::Exception:\s*)?([\s\S]*?)(?:\s*\(([A-Z_]+)\))?(?:\s*\(version [^)]*\))?\.?\s*$/.exec(text);
  if (match) {
    // chDB nests the code twice ("Code: 164. DB::Exception: Code: 164. DB::Exception: …"): keep the inner message.
    const inner = asNested(match[2]!);
    return withoutHostDetails(new ClickHouseError(Number(match[1]), match[3] ?? inner.name ?? 'UNKNOWN_EXCEPTION', inner.message.replace(/\.$/, '')));
  }
  const code =
    typeof (error as { code?: unknown })?.code === 'string' && /^\d+$/.test((error as { code: string }).code) ? Number((error as { code: string }).code) : null;
  if (code !== null) return withoutHostDetails(new ClickHouseError(code, (error as { type?: string }).type ?? 'UNKNOWN_EXCEPTION', text));
  return ClickHouseError.of('STD_EXCEPTION', 'The query could not be run');
}

function asNested(message: string): { message: string; name?: string } {
  const nested = /^Code:\s*\d+\.\s*DB::Exception:\s*([\s\S]*?)\s*\(([A-Z_]+)\)(?:\s*\(version [^)]*\))?\.?$/.exec(message);
  return nested ? { message: nested[1]!, name: nested[2]! } : { message };
}

/**
 * An engine's message can name the host: a memory error gives the machine's memory (the
 * total limit is a share of it) and its resident size, a file error a path on its disk.
 * Analysts never read host details (docs/analysts.md#limits), so a memory error says only
 * that the query was over its own limit, and a path becomes `<path>`.
 */
function withoutHostDetails(error: ClickHouseError): ClickHouseError {
  if (error.code === CODES.MEMORY_LIMIT_EXCEEDED) {
    return ClickHouseError.of(
      'MEMORY_LIMIT_EXCEEDED',
      'Memory limit exceeded: the query needs more memory than an analyst’s query may use. Read fewer rows or columns, or group by fewer keys',
    );
  }
  const message = error.message.replace(/(^|[\s'"`(=])\/(?:[\w.+@-]+\/)*[\w.+@-]*/g, '$1<path>');
  return message === error.message ? error : new ClickHouseError(error.code, error.codeName, message);
}
