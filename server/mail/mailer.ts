import type { Kysely } from "kysely";
import nodemailer from "nodemailer";
import type { Database } from "../db/schema";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (reset link), shown apart in the dev outbox. */
  link?: string;
}

/** Sends mail through SMTP, or keeps it in the database's outbox for the admin's dev-outbox page. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function outboxMailer(db: Kysely<Database>): Mailer {
  return {
    send: async ({ to, subject, text, link }) => {
      await db.insertInto("outbox_mails").values({ to_address: to, subject, text_body: text, link: link ?? null }).execute();
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

export function createMailer(db: Kysely<Database>, { smtpUrl, from }: { smtpUrl: string | undefined; from: string }): Mailer {
  return smtpUrl !== undefined ? smtpMailer(smtpUrl, from) : outboxMailer(db);
}
