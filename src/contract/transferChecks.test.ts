import { describe, expect, it } from "vitest";
import { beneficiaryRequestSchema, type RemitterRequest } from "./moneyTransfer";
import { beneficiaryProblems, internationalPhone, remitterProblems, screeningMatch } from "./transferChecks";

const REMITTER: RemitterRequest = {
  firstName: "Ravi",
  lastName: "Kumar",
  idType: "civilId",
  idNumber: "288010112345",
  idExpiry: "2028-01-31",
  nationality: "IN",
  dateOfBirth: "1988-01-01",
  address: "Block 4, Street 12, House 7",
  city: "Kuwait City",
  country: "KW",
  phone: "+965 5012 3456",
};
const beneficiary = (fields: Record<string, string>) => beneficiaryRequestSchema.parse({ firstName: "Anita", lastName: "Kumar", relationship: "spouse", ...fields });

describe("remitter identity", () => {
  it("accepts a valid adult remitter and refuses an expired ID, a minor and a number that is not a phone", () => {
    expect(remitterProblems(REMITTER, "2026-11-25")).toEqual([]);
    // The ID is good through its expiry day.
    expect(remitterProblems({ ...REMITTER, idExpiry: "2026-11-25" }, "2026-11-25")).toEqual([]);
    expect(remitterProblems({ ...REMITTER, idExpiry: "2026-11-24", dateOfBirth: "2008-11-26", phone: "123" }, "2026-11-25")).toEqual([
      { field: "idExpiry", message: "This ID expired on 2026-11-24: ask for a valid ID" },
      { field: "dateOfBirth", message: "A remitter must be at least 18 years old" },
      { field: "phone", message: "Not a valid phone number for KW" },
    ]);
    // Eighteen on the day counts; the money-transfer passenger types may ask for more.
    expect(remitterProblems({ ...REMITTER, dateOfBirth: "2008-11-25" }, "2026-11-25")).toEqual([]);
    expect(remitterProblems({ ...REMITTER, dateOfBirth: "2006-11-26" }, "2026-11-25", 21).map((problem) => problem.message)).toEqual(["A remitter must be at least 21 years old"]);
    expect(internationalPhone("5012 3456", "KW")).toBe("+96550123456");
    // A number is the person's country's: a valid Indian mobile is no Kuwaiti phone.
    expect(internationalPhone("+91 98765 43210", "KW")).toBeNull();
    expect(remitterProblems({ ...REMITTER, phone: "+91 98765 43210" }, "2026-11-25")).toEqual([{ field: "phone", message: "Not a valid phone number for KW" }]);
  });
});

describe("beneficiary payout details", () => {
  it("checks an IBAN's digits and country, and a BIC's form and country", () => {
    expect(beneficiaryProblems(beneficiary({ country: "PK", payoutMethod: "bank", bankName: "Standard Chartered", iban: "PK36 SCBL 0000 0011 2345 6702", bic: "SCBLPKKX" }))).toEqual([]);
    expect(beneficiaryProblems(beneficiary({ country: "PK", payoutMethod: "bank", bankName: "Standard Chartered", iban: "PK36SCBL0000001123456703", bic: "SCBL-PK" })).map((problem) => problem.field)).toEqual(["iban", "bic"]);
    expect(beneficiaryProblems(beneficiary({ country: "PK", payoutMethod: "bank", bankName: "NBE", iban: "EG380019000500000000263180002", bic: "NBEGEGCX" }))).toEqual([
      { field: "iban", message: "This IBAN is not of an account in PK" },
      { field: "bic", message: "This BIC is not of a bank in PK" },
    ]);
  });

  it("checks local account numbers and India's IFSC where there is no IBAN", () => {
    expect(beneficiaryProblems(beneficiary({ country: "IN", payoutMethod: "bank", bankName: "State Bank of India", accountNumber: "30001234567", bankCode: "SBIN0001234" }))).toEqual([]);
    expect(beneficiaryProblems(beneficiary({ country: "IN", payoutMethod: "bank", bankName: "State Bank of India", accountNumber: "12-34", bankCode: "SBIN1234" })).map((problem) => problem.field)).toEqual(["accountNumber", "bankCode"]);
  });

  it("takes a wallet number as a mobile number of the country, and a cash pickup's city", () => {
    expect(beneficiaryProblems(beneficiary({ country: "PH", payoutMethod: "wallet", walletPhone: "0917 123 4567" }))).toEqual([]);
    expect(beneficiaryProblems(beneficiary({ country: "PH", payoutMethod: "wallet", walletPhone: "12345" }))).toEqual([{ field: "walletPhone", message: "The wallet's number: a valid mobile number for PH" }]);
    expect(beneficiaryProblems(beneficiary({ country: "PH", payoutMethod: "wallet", walletPhone: "+965 5012 3456" }))).toEqual([{ field: "walletPhone", message: "The wallet's number: a valid mobile number for PH" }]);
    expect(beneficiaryProblems(beneficiary({ country: "PH", payoutMethod: "wallet", walletPhone: "+63 917 123 4567", phone: "+965 5012 3456" }))).toEqual([{ field: "phone", message: "Not a valid phone number for PH" }]);
    expect(beneficiaryProblems(beneficiary({ country: "EG", payoutMethod: "cash" }))).toEqual([{ field: "pickupCity", message: "Enter the city where the cash is collected" }]);
  });
});

describe("screening", () => {
  it("matches every word of a listed name in any order, case and accents aside", () => {
    expect(screeningMatch("Jose Ramon Garcia", ["García José"])).toBe("García José");
    expect(screeningMatch("Garcia Lopez", ["Jose Garcia"])).toBeNull();
    expect(screeningMatch("Anything", [""])).toBeNull();
  });
});
