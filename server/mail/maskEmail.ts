/** "agent@gulfhorizon.example" -> "a***t@gulfhorizon.example": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  const mailbox = email.slice(0, at);
  const shown = mailbox.length <= 2 ? `${mailbox[0]}***` : `${mailbox[0]}***${mailbox[mailbox.length - 1]}`;
  return shown + email.slice(at);
}
