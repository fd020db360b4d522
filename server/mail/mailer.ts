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

export interface Mailer {
  /** "outbox" keeps mail in the database for the admin's dev outbox; "smtp" sends it. */
  readonly kind: "outbox" | "smtp";
  send(mail: OutgoingMail): Promise<void>;
}

export function outboxMailer(db: Kysely<Database>): Mailer {
  return {
    kind: "outbox",
    send: async ({ to, subject, text, link }) => {
      await db.insertInto("outbox_mails").values({ to_address: to, subject, text_body: text, link: link ?? null }).execute();
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

export function createMailer(db: Kysely<Database>, { smtpUrl, from }: { smtpUrl: string | undefined; from: string }): Mailer {
  return smtpUrl !== undefined ? smtpMailer(smtpUrl, from) : outboxMailer(db);
}
