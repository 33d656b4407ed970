import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** A reminder's unsubscribe link: List-Unsubscribe with RFC 8058 one-click (List-Unsubscribe-Post). */
  unsubscribeUrl?: string;
}

/** The one thing the outbox needs from a mail library. */
export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * nodemailer over `SMTP_URL` (e.g. `smtp://user:pass@mail.example.org:587`), or, without one,
 * its jsonTransport: the message is built completely and then dropped, and the row stays in the
 * outbox for `Query.outbox` to show (the demo's local outbox).
 */
export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  const transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  return {
    send: async ({ unsubscribeUrl, ...email }) => {
      await transporter.sendMail({
        ...email,
        ...(unsubscribeUrl
          ? { list: { unsubscribe: unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
    },
    close: () => transporter.close(),
  };
}
