// Types of server-bundle.mjs (plain JavaScript, run before any TypeScript loader).

/** The compiled server's entry file, built first when missing or older than its sources. */
export function serverEntry(say?: (line: string) => void, out?: string): Promise<string>;

/** Node options for a compiled server process. */
export const SERVER_NODE_OPTIONS: string[];
