import type { AppContext } from "../appContext";
import { secondsAfter } from "../clock";
import { hashSecret, newSecretToken } from "./secretTokens";

/** Why the link is sent: a forgotten password, or a new account choosing its first one. */
export type ResetLinkPurpose = "reset" | "welcome";

/** Stores a one-time link to choose a password and mails it to the user. */
export async function mailPasswordLink(
  { db, config, clock, mailer }: AppContext,
  user: { id: number; username: string; email: string },
  purpose: ResetLinkPurpose,
): Promise<void> {
  const now = clock();
  const token = newSecretToken();
  await db
    .insertInto("password_reset_tokens")
    .values({ user_id: user.id, token_hash: hashSecret(token), expires_at: secondsAfter(now, config.passwordResetTtlSeconds), created_at: now })
    .execute();
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const minutes = Math.round(config.passwordResetTtlSeconds / 60);
  await mailer.send(
    purpose === "reset"
      ? {
          to: user.email,
          subject: "Choose a new password",
          text: `Hello ${user.username},\n\nTo choose a new password, open this link within ${minutes} minutes:\n${link}\n\nIt works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
          link,
        }
      : {
          to: user.email,
          subject: "Your account is ready: choose your password",
          text: `Hello ${user.username},\n\nAn account was opened for you. To choose your password, open this link within ${minutes} minutes:\n${link}\n\nIt works once; if it expires, use "Forgot password" on the sign-in page.`,
          link,
        },
  );
}
