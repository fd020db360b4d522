import { z } from "zod";

/** Under this age a traveller is a child: priced as one, and titled Master or Ms. */
export const CHILD_UNDER_AGE = 12;

/** Whole years from a date of birth to a day (calendar dates: a birthday counts on the day). */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [year, month, day] = onDate.split("-").map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** A date of birth: a calendar day not after today (UTC), so nobody not yet born is priced as an infant. */
export const birthDateSchema = z.iso
  .date("A date of birth such as 1990-05-20")
  .refine((day) => day <= new Date().toISOString().slice(0, 10), "A date of birth cannot be in the future");
