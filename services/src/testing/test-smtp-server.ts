import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded, for text assertions. */
  body: string;
}

/** Turns quoted-printable back into text: joins soft line breaks and decodes =XX escapes as the UTF-8 bytes they are. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server on 127.0.0.1 (port 0) for tests: requires the given login, collects
 * every message it accepts.
 */
export async function startTestSmtpServer(login: { user: string; pass: string }) {
  const received: ReceivedMail[] = [];
  /** While set, every recipient is refused with a temporary failure (a mail service that is down). */
  const state = { refusing: false, refused: new Set<string>() };
  const server = new SMTPServer({
    // Plain connection on loopback: no certificate to trust, so no STARTTLS offered.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (state.refusing || state.refused.has(_address.address))
        callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return {
    url: `smtp://${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@127.0.0.1:${address.port}`,
    received,
    /** Refuse (true) or accept (false) the messages from now on. */
    refuse(refusing: boolean) {
      state.refusing = refusing;
    },
    /** Refuse (true) or accept (false) the messages to one address from now on: a mailbox that is down. */
    refuseAddress(address: string, refusing: boolean) {
      if (refusing) state.refused.add(address);
      else state.refused.delete(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
