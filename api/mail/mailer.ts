/**
 * Outgoing mail over SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.org:587 or smtps://…:465), through nodemailer.
 * Without SMTP_URL nothing is sent and the people who would have received a link see it in the app to pass on.
 */
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

import { isPlainMailbox } from '#schema/sign-off.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      // the address as an object, so nodemailer sends to exactly this mailbox and never parses the text again
      await transport.sendMail({ from, ...mail, to: { name: '', address: mail.to } });
    },
  };
}

/**
 * The one mailbox a preceptor's contact names, parsed as the mailer parses it, or null: a phone number (which we cannot
 * send to), or anything the parser reads as more than one bare address (a display name, comment, quoted local part,
 * group or list), so that the address compared with the student's own is the one the mail goes to.
 */
export function mailboxOf(contact: string): string | null {
  const parsed = addressparser(contact.trim());
  const [only] = parsed;
  if (parsed.length !== 1 || !('address' in only) || only.name !== '') return null;
  return only.address === contact.trim() && isPlainMailbox(only.address) ? only.address : null;
}
