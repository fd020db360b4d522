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

export const REDACTED_LINK = "[link removed: this server does not deliver mail (no SMTP_URL)]";

/**
 * Keeps mail in the outbox. In production the links are removed first: a kept reset link is a
 * key to an account, and in production nobody should be reading mail out of the database.
 */
export function outboxMailer(db: Kysely<Database>, { redactLinks }: { redactLinks: boolean } = { redactLinks: false }): Mailer {
  return {
    send: async ({ to, subject, text, link }) => {
      const kept = redactLinks && link !== undefined ? { text: text.split(link).join(REDACTED_LINK), link: null } : { text, link: link ?? null };
      await db.insertInto("outbox_mails").values({ to_address: to, subject, text_body: kept.text, link: kept.link }).execute();
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

export function createMailer(db: Kysely<Database>, { smtpUrl, from }: { smtpUrl: string | undefined; from: string }, production: boolean): Mailer {
  return smtpUrl !== undefined ? smtpMailer(smtpUrl, from) : outboxMailer(db, { redactLinks: production });
}
