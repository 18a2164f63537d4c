/** A real SMTP server on this machine for tests (`smtp-server`): it keeps each mail's recipient and text, in order. */
import type { AddressInfo } from 'node:net';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface Mail {
  to: string;
  text: string;
}

/**
 * Listens on `port` (0: any free one) and answers where it listens, the mails so far, and how to close it. Recipients
 * in `refused` are answered 550 (no such mailbox), as a real server does.
 */
export async function startSmtpInbox(port = 0, refused: readonly string[] = []) {
  const inbox: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      if (!refused.includes(address.address)) return done();
      done(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({ to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '', text: mail.text ?? '' });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    inbox,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
