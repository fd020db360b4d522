let idCounter = 0;

/** A remitter with an ID of their own (limits follow the ID), valid unless told otherwise. */
export const remitterRequest = (fields: Record<string, string> = {}) => ({
  firstName: "Ravi",
  lastName: "Kumar",
  idType: "civilId",
  idNumber: `2880101${String(process.pid % 1000).padStart(3, "0")}${String((idCounter += 1)).padStart(2, "0")}`,
  idExpiry: "2030-01-31",
  nationality: "IN",
  dateOfBirth: "1988-01-01",
  address: "Block 4, Street 12, House 7",
  city: "Kuwait City",
  country: "KW",
  phone: "+965 5012 3456",
  ...fields,
});

/** A beneficiary paid to an Indian bank account (account number and IFSC, no IBAN). */
export const IN_BANK = { firstName: "Anita", lastName: "Kumar", relationship: "spouse", country: "IN", payoutMethod: "bank", bankName: "State Bank of India", accountNumber: "30001234567", bankCode: "SBIN0001234" };
