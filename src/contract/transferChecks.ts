import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { ageOn } from "./age";
import { REMITTER_MIN_AGE, type BeneficiaryRequest, type RecipientField, type RemitterRequest } from "./moneyTransfer";

/** A field the person must correct, in the words shown beside it. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * A phone number of `country`, in international form, or null when it is not one: dialled
 * locally there, or written with a prefix that is that country's (a Kuwaiti number given for a
 * beneficiary in India is not an Indian phone, however valid in Kuwait).
 */
export function internationalPhone(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() && parsed.country === country ? parsed.number : null;
}

/** Everything wrong with a remitter's identity on `today`: an expired ID, under the age that may send, a number that is not a phone. */
export function remitterProblems(remitter: RemitterRequest, today: string, minimumAge = REMITTER_MIN_AGE): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (remitter.idExpiry < today) problems.push({ field: "idExpiry", message: `This ID expired on ${remitter.idExpiry}: ask for a valid ID` });
  if (remitter.dateOfBirth > today) problems.push({ field: "dateOfBirth", message: "The date of birth is in the future" });
  else if (ageOn(remitter.dateOfBirth, today) < minimumAge) problems.push({ field: "dateOfBirth", message: `A remitter must be at least ${minimumAge} years old` });
  if (!internationalPhone(remitter.phone, remitter.country)) problems.push({ field: "phone", message: `Not a valid phone number for ${remitter.country}` });
  return problems;
}

/** Account numbers and bank codes of the receiving countries without IBANs. */
const ACCOUNT_FORMATS: Readonly<Record<string, { account: RegExp; accountHint: string; bankCode?: { pattern: RegExp; hint: string } }>> = {
  IN: { account: /^\d{9,18}$/, accountHint: "9 to 18 digits", bankCode: { pattern: /^[A-Z]{4}0[A-Z0-9]{6}$/, hint: "The IFSC: 4 letters, 0, then 6 letters or digits" } },
  PH: { account: /^\d{10,16}$/, accountHint: "10 to 16 digits" },
  BD: { account: /^\d{13,17}$/, accountHint: "13 to 17 digits" },
  LK: { account: /^\d{8,15}$/, accountHint: "8 to 15 digits" },
};

/** Whether a country's bank accounts are paid to by IBAN (the countries of ibantools' registry without a local format here). */
export const paysByIban = (country: string) => ACCOUNT_FORMATS[country] === undefined;

/** Everything wrong with a beneficiary's payout details, for its payout method and country. */
export function beneficiaryProblems(beneficiary: BeneficiaryRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { country } = beneficiary;
  if (beneficiary.phone && !internationalPhone(beneficiary.phone, country)) problems.push({ field: "phone", message: `Not a valid phone number for ${country}` });
  if (beneficiary.payoutMethod === "bank") {
    if (!beneficiary.bankName) problems.push({ field: "bankName", message: "Enter the bank's name" });
    const local = ACCOUNT_FORMATS[country];
    if (local) {
      if (!local.account.test(beneficiary.accountNumber)) problems.push({ field: "accountNumber", message: `The account number: ${local.accountHint}` });
      if (local.bankCode && !local.bankCode.pattern.test(beneficiary.bankCode.toUpperCase())) problems.push({ field: "bankCode", message: local.bankCode.hint });
    } else {
      const iban = electronicFormatIBAN(beneficiary.iban) ?? "";
      if (!isValidIBAN(iban)) problems.push({ field: "iban", message: "Not a valid IBAN: check the digits" });
      else if (!iban.startsWith(country)) problems.push({ field: "iban", message: `This IBAN is not of an account in ${country}` });
    }
    const bic = beneficiary.bic.toUpperCase();
    if (bic && !isValidBIC(bic)) problems.push({ field: "bic", message: "Not a valid BIC (SWIFT code)" });
    else if (bic && bic.slice(4, 6) !== country) problems.push({ field: "bic", message: `This BIC is not of a bank in ${country}` });
  }
  if (beneficiary.payoutMethod === "wallet" && !internationalPhone(beneficiary.walletPhone, country)) problems.push({ field: "walletPhone", message: `The wallet's number: a valid mobile number for ${country}` });
  if (beneficiary.payoutMethod === "cash" && !beneficiary.pickupCity) problems.push({ field: "pickupCity", message: "Enter the city where the cash is collected" });
  return problems;
}

const nameTokens = (name: string) =>
  new Set(
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((token) => token.length > 0),
  );

/** The listed name a person's name matches (every word of the listed name is one of theirs, in any order), or null. */
export function screeningMatch(fullName: string, listed: readonly string[]): string | null {
  const tokens = nameTokens(fullName);
  return listed.find((name) => {
    const wanted = nameTokens(name);
    return wanted.size > 0 && [...wanted].every((token) => tokens.has(token));
  }) ?? null;
}

/**
 * What is wrong with the recipient details given for a partner's fields, by the partner's own
 * rules (required, length, its regular expression, its list of values); empty when they pass.
 */
export function recipientDetailProblems(fields: readonly RecipientField[], details: Readonly<Record<string, string>>): FieldProblem[] {
  return fields.flatMap((field): FieldProblem[] => {
    const value = (details[field.key] ?? "").trim();
    const problem = (message: string) => [{ field: `recipientDetails.${field.key}`, message }];
    if (value === "") return field.required ? problem(`Enter the ${field.label}`) : [];
    if (field.options.length > 0 && !field.options.some((option) => option.value === value)) return problem(`Choose the ${field.label} from the list`);
    if (field.minLength !== null && value.length < field.minLength) return problem(`The ${field.label} has at least ${field.minLength} characters`);
    if (field.maxLength !== null && value.length > field.maxLength) return problem(`The ${field.label} has at most ${field.maxLength} characters`);
    if (field.pattern !== null && !safePattern(field.pattern).test(value)) return problem(field.example ? `The ${field.label} is not in the form the partner expects, such as ${field.example}` : `The ${field.label} is not in the form the partner expects`);
    return [];
  });
}

/** The partner's regular expression; one this engine cannot read accepts anything rather than blocking every transfer. */
function safePattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch {
    return /[\s\S]*/;
  }
}
