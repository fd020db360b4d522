/** Forms of payment (spec section 3): the full list of 19 with their type codes. */
export interface PaymentMethod {
  id: number;
  option: string;
  typeCode: string;
  remarks: string;
}

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { id: 1, option: "Deposit", typeCode: "CA", remarks: "" },
  { id: 2, option: "On Account With Agency", typeCode: "CA", remarks: "" },
  { id: 3, option: "Credit/Debit Card", typeCode: "CC", remarks: "" },
  { id: 4, option: "Bank Gauarantee", typeCode: "CA", remarks: "" },
  { id: 5, option: "BSP Cash", typeCode: "CA", remarks: "" },
  { id: 6, option: "BSP Card", typeCode: "BCC", remarks: "" },
  { id: 7, option: "E- Voucher", typeCode: "MS", remarks: "" },
  { id: 8, option: "Company Profile Card", typeCode: "CC", remarks: "" },
  { id: 9, option: "Traveller Profile Card", typeCode: "CC", remarks: "" },
  { id: 10, option: "Residual Travel Funds", typeCode: "RTF", remarks: "" },
  { id: 11, option: "Virtual Card", typeCode: "VCC", remarks: "" },
  { id: 12, option: "Universal Credit Card Charge Form", typeCode: "UCCCF", remarks: "" },
  { id: 13, option: "Stored Card / Agent Credit Card / Static Card", typeCode: "ACC", remarks: "" },
  { id: 14, option: "Cheque", typeCode: "CK", remarks: "" },
  { id: 15, option: "Easy Pay", typeCode: "IEP", remarks: "" },
  { id: 16, option: "Universal Air Travel Plan", typeCode: "UATP", remarks: "" },
  { id: 17, option: "TP PAY", typeCode: "TP", remarks: "" },
  { id: 18, option: "Cash", typeCode: "CA", remarks: "" },
  { id: 19, option: "HPP", typeCode: "CA", remarks: "" },
];

/** The short list of 12 options an organisation's `pay_options` (comma-separated ids) selects from. */
export const PAY_OPTIONS: readonly { id: number; option: string }[] = [
  { id: 1, option: "Deposit" },
  { id: 2, option: "On Account With Agency" },
  { id: 3, option: "Credit/Debit Card" },
  { id: 4, option: "Bank Guarantee" },
  { id: 5, option: "Cash" },
  { id: 6, option: "Book and Hold" },
  { id: 7, option: "BSP Card" },
  { id: 8, option: "E-voucher" },
  { id: 9, option: "Company Profile Card" },
  { id: 10, option: "Traveller Profile Card" },
  { id: 11, option: "Residual Travel Funds" },
  { id: 12, option: "Easy Pay" },
];

/** The pay options an organisation offers, in the list's order; unknown ids are ignored. */
export function availablePayOptions(payOptions: string): { id: number; option: string }[] {
  const ids = new Set(
    payOptions
      .split(",")
      .map((part) => Number(part.trim()))
      .filter((id) => Number.isInteger(id)),
  );
  return PAY_OPTIONS.filter((option) => ids.has(option.id));
}
