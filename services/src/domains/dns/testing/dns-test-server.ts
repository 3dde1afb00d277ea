import type { AddressInfo, Socket } from 'node:net';
import { isIPv4, isIPv6 } from 'node:net';
import { createTCPServer, createUDPServer, Packet, type DnsHandler, type Resource, type TCPServer, type UDPServer } from 'dns2';

type DnsTestRecordType = 'A' | 'AAAA' | 'TXT' | 'CNAME';

/**
 * A real DNS server on 127.0.0.1 for tests, answering from records the test sets.
 * Point Node's resolver at it: `createResolver([server.address])`, or DNS_SERVERS=server.address.
 *
 * It answers like an authoritative server: NXDOMAIN for a name with no records (ENOTFOUND
 * in Node), an empty answer for a name without the asked type (ENODATA), CNAMEs followed
 * within its own records. TTLs are 0 so every change is seen at once. It listens on UDP
 * and TCP on the same port, so answers too big for UDP still arrive.
 */
export interface DnsTestServer {
  /** "127.0.0.1:PORT", as DNS_SERVERS and `Resolver.setServers` take it. */
  address: string;
  /**
   * Replaces the records of one type at `name` (case-insensitive, trailing dot ignored);
   * [] removes them. TXT values longer than 255 bytes go out as several strings, as zone
   * software splits them. A CNAME takes one value and no other records at its name.
   */
  set(name: string, type: DnsTestRecordType, values: string[]): void;
  /** Removes the records of `type` at `name`, or all its records without `type`. */
  remove(name: string, type?: DnsTestRecordType): void;
  /** Stops listening and drops open TCP connections; safe to call twice. */
  close(): Promise<void>;
}

type Zone = Map<string, Map<DnsTestRecordType, string[]>>;

export async function startDnsTestServer(): Promise<DnsTestServer> {
  const zone: Zone = new Map();
  const handle: DnsHandler = (request, send) => {
    // A client that has gone away needs no answer, so a failed send is ignored.
    Promise.resolve(send(respond(zone, request))).catch(() => undefined);
  };
  const { udp, tcp, port } = await listen(handle);
  const connections = new Set<Socket>();
  tcp.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  let closing: Promise<void> | undefined;

  const remove = (name: string, type?: DnsTestRecordType): void => {
    const key = normalizeName(name);
    const records = zone.get(key);
    if (type !== undefined) records?.delete(type);
    if (type === undefined || records?.size === 0) zone.delete(key);
  };

  const set = (name: string, type: DnsTestRecordType, values: string[]): void => {
    const key = normalizeName(name);
    if (values.length === 0) return remove(key, type);
    values.forEach((value) => assertValue(key, type, value));
    if (type === 'CNAME' && values.length > 1) throw new Error(`${key} can have only one CNAME, got ${values.length}.`);
    const records = zone.get(key) ?? new Map<DnsTestRecordType, string[]>();
    const others = [...records.keys()].filter((other) => other !== type);
    if ((type === 'CNAME' && others.length > 0) || (type !== 'CNAME' && others.includes('CNAME'))) {
      throw new Error(`${key} cannot have a CNAME and other records (RFC 1034 §3.6.2); remove() the ${others.join(', ')} records first.`);
    }
    records.set(type, type === 'CNAME' ? values.map(normalizeName) : [...values]);
    zone.set(key, records);
  };

  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const socket of connections) socket.destroy();
      await Promise.all([new Promise<void>((done) => udp.close(() => done())), new Promise<void>((done) => tcp.close(() => done()))]);
    })();
    return closing;
  };

  return { address: `127.0.0.1:${port}`, set, remove, close };
}

/** Binds UDP to a free port, then TCP to the same one (c-ares retries truncated answers over TCP there). */
async function listen(handle: DnsHandler): Promise<{ udp: UDPServer; tcp: TCPServer; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const udp = createUDPServer(handle);
    await new Promise<void>((bound, failed) => {
      udp.once('error', failed);
      udp.bind(0, '127.0.0.1', () => {
        udp.off('error', failed);
        bound();
      });
    });
    const { port } = udp.address();
    const tcp = createTCPServer(handle);
    try {
      await new Promise<void>((listening, failed) => {
        tcp.once('error', failed);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', failed);
          listening();
        });
      });
      return { udp, tcp, port: (tcp.address() as AddressInfo).port };
    } catch (error) {
      udp.close();
      // Another process may hold the TCP side of the port UDP got; try another port.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error;
    }
  }
}

const TYPE_CODES: Record<DnsTestRecordType, number> = { A: Packet.TYPE.A, AAAA: Packet.TYPE.AAAA, TXT: Packet.TYPE.TXT, CNAME: Packet.TYPE.CNAME };

function respond(zone: Zone, request: Packet): Packet {
  const response = Packet.createResponseFromRequest(request);
  response.header.aa = 1;
  const question = request.questions[0];
  if (request.errors.length > 0 || question === undefined || request.questions.length > 1) {
    response.header.rcode = Packet.RCODE.FORMERR;
    return response;
  }
  try {
    let owner = question.name;
    const followed = new Set<string>();
    for (;;) {
      const name = normalizeName(owner);
      const records = zone.get(name);
      if (records === undefined) {
        // An empty non-terminal (a parent of a name with records) exists, with no data.
        if (![...zone.keys()].some((key) => key.endsWith(`.${name}`))) response.header.rcode = Packet.RCODE.NXDOMAIN;
        return response;
      }
      const alias = records.get('CNAME')?.[0];
      if (alias !== undefined && question.type !== Packet.TYPE.CNAME) {
        response.answers.push(resource(owner, 'CNAME', alias));
        if (followed.has(name)) return response;
        followed.add(name);
        owner = alias;
        continue;
      }
      const type = (Object.keys(TYPE_CODES) as DnsTestRecordType[]).find((candidate) => TYPE_CODES[candidate] === question.type);
      for (const value of (type && records.get(type)) ?? []) response.answers.push(resource(owner, type as DnsTestRecordType, value));
      return response;
    }
  } catch {
    // Answer at once rather than let the client wait for a timeout.
    response.answers = [];
    response.header.rcode = Packet.RCODE.SERVFAIL;
    return response;
  }
}

function resource(name: string, type: DnsTestRecordType, value: string): Resource {
  const rdata = type === 'TXT' ? { data: txtStrings(value) } : type === 'CNAME' ? { domain: value } : { address: value };
  return new Packet.Resource({ name, type: TYPE_CODES[type], class: Packet.CLASS.IN, ttl: 0, ...rdata });
}

/** One TXT value as <character-string>s of at most 255 bytes, cut between characters. */
function txtStrings(value: string): string[] {
  const strings: string[] = [];
  let current = '';
  for (const char of value) {
    if (Buffer.byteLength(current + char) > 255) {
      strings.push(current);
      current = '';
    }
    current += char;
  }
  strings.push(current);
  return strings;
}

function normalizeName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

// Checked here so a typo fails the test at set(), not as a silent SERVFAIL later.
function assertValue(name: string, type: DnsTestRecordType, value: string): void {
  const valid = type === 'A' ? isIPv4(value) : type === 'AAAA' ? isIPv6(value) : type === 'CNAME' ? /^[a-z0-9_.-]+$/i.test(value) : true;
  if (!valid) throw new Error(`${JSON.stringify(value)} is not a valid ${type} value for ${name}.`);
}
