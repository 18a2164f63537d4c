/**
 * Outgoing mail over SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.org:587 or smtps://…:465), through nodemailer.
 * Without SMTP_URL nothing is sent and the people who would have received a link see it in the app to pass on.
 */
import nodemailer from 'nodemailer';

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
      await transport.sendMail({ from, ...mail });
    },
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Whether a preceptor's contact is an e-mail address (it may be a phone number, which we cannot send to). */
export const isEmail = (contact: string) => EMAIL.test(contact.trim());
