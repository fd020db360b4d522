/** Forms of payment (spec section 3): the full list of 19 with their type codes; remarks say how the platform takes each, or what it would need (docs/payments.md). */
export interface PaymentMethod {
  id: number;
  option: string;
  typeCode: string;
  remarks: string;
}

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { id: 1, option: "Deposit", typeCode: "CA", remarks: "Drawn from the agency's credit line (its deposit with the organisation above it)." },
  { id: 2, option: "On Account With Agency", typeCode: "CA", remarks: "Drawn from the agency's credit line and settled later with the organisation above it." },
  { id: 3, option: "Credit/Debit Card", typeCode: "CC", remarks: "Charged through the card gateway a merchant rule names, or passed to the airline where a credit-card-pass rule says so." },
  { id: 4, option: "Bank Gauarantee", typeCode: "CA", remarks: "Drawn on the agency's bank guarantee, recorded by the organisation above it, apart from the credit line." },
  { id: 5, option: "BSP Cash", typeCode: "CA", remarks: "Billed through BSP to the agency\'s IATA number (flights only): the airline is paid cash on the agency\'s BSP account, nothing is taken from the credit line." },
  { id: 6, option: "BSP Card", typeCode: "BCC", remarks: "The agent\'s card passed to the airline and billed through BSP on the agency\'s IATA number (flights only); nothing is taken from the credit line." },
  { id: 7, option: "E- Voucher", typeCode: "MS", remarks: "Redeems an e-voucher issued by an organisation above the agency, fully or partly; the rest of the booking is paid another way (credit, guarantee or card)." },
  { id: 8, option: "Company Profile Card", typeCode: "CC", remarks: "Not taken yet: it needs cards stored at the gateway against a corporate client's profile." },
  { id: 9, option: "Traveller Profile Card", typeCode: "CC", remarks: "Not taken yet: it needs cards stored at the gateway against a traveller's profile." },
  { id: 10, option: "Residual Travel Funds", typeCode: "RTF", remarks: "The residual value of a refunded ticket, kept per traveller and airline for a year, pays part or all of a new ticket on that airline for that traveller; the rest is paid another way." },
  { id: 11, option: "Virtual Card", typeCode: "VCC", remarks: "Not taken yet: it needs a card issuer that creates a single-use card for the hotel supplier." },
  { id: 12, option: "Universal Credit Card Charge Form", typeCode: "UCCCF", remarks: "Not taken: a paper charge form the airline must accept, which the platform cannot send." },
  { id: 13, option: "Stored Card / Agent Credit Card / Static Card", typeCode: "ACC", remarks: "Not taken yet: it needs the agency's card stored at the gateway and charged as a stored credential." },
  { id: 14, option: "Cheque", typeCode: "CK", remarks: "Flights only: the booking is held at the airline until the organisation above the agency records the cheque in Accounts, which tickets it; a bounced cheque is charged back." },
  { id: 15, option: "Easy Pay", typeCode: "IEP", remarks: "Not taken yet: it needs an Easy Pay merchant account and its API." },
  { id: 16, option: "Universal Air Travel Plan", typeCode: "UATP", remarks: "Not taken yet: it needs a UATP card (its number starts with 1) passed to an airline that accepts it." },
  { id: 17, option: "TP PAY", typeCode: "TP", remarks: "Not taken yet: it needs a TP PAY merchant account and its API." },
  { id: 18, option: "Cash", typeCode: "CA", remarks: "Flights only: the booking is held at the airline until the organisation above the agency records the cash in Accounts, which tickets it." },
  { id: 19, option: "HPP", typeCode: "CA", remarks: "The card entered on Checkout.com's hosted payments page, where a merchant rule sets the account up; the booking is made once Checkout.com confirms the payment, and refunds go back to the card." },
];

/**
 * E-voucher and Residual Travel Funds: a voucher pays the whole booking (with another method it pays
 * part, and that method names the order's payment).
 */
export const VOUCHER_METHOD_IDS: readonly number[] = [7, 10];

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
