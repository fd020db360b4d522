/** The point-of-sale upload sheet (POST /api/pos/upload-Exel-aws): one organisation per row, under a parent of the uploader's subtree. */
export const POS_SHEET_COLUMNS = ["name", "type", "parentId", "currencyCode", "creditLimit", "payOptions", "officeId"] as const;
export type PosSheetColumn = (typeof POS_SHEET_COLUMNS)[number];

/** What the template's second row shows: the credit limit in major units of the currency, pay options comma-separated. */
export const POS_SHEET_EXAMPLE: Readonly<Record<PosSheetColumn, string>> = {
  name: "Salmiya Kiosk",
  type: "CR",
  parentId: "3",
  currencyCode: "KWD",
  creditLimit: "1500.000",
  payOptions: "1,3",
  officeId: "KWISK0001",
};
