import { ledgerReasonLabel } from "../../lib/ledgerReasonLabel";
import type { TFunction } from "i18next";
import type { ReportKind, ReportOf } from "../../contract/reports";
import { currencyDecimals } from "../../lib/currencyDecimals";
import { formatMinor } from "../../lib/money";
import { placeText } from "../../booking/orders/orderSummaryText";
import type { SheetCell, SheetTable } from "../../lib/workbook";
import { dayText, isolated, utcMomentText } from "../../lib/displayText";

/** How cells are written: in the reader's language, times in UTC as the report's days are. */
export interface CellFormat {
  readonly t: TFunction;
  readonly language: string;
}

type RowOf<Kind extends ReportKind> = ReportOf<Kind>["rows"][number];

/** One column of a report, declared once for its table and its exports. */
export interface ReportColumn<Kind extends ReportKind> {
  readonly key: string;
  /** i18n key of the header, or the key for this report (the statement's balance names its account). */
  readonly title: string | ((report: ReportOf<Kind> | undefined) => string);
  /** The cell as text; the report itself gives what rows share (the statement's currency). */
  readonly text: (row: RowOf<Kind>, format: CellFormat, report: ReportOf<Kind>) => string;
  /** Figures and amounts sit at the end of their column. */
  readonly figure?: boolean;
  /** Cells that open the booking. */
  readonly orderId?: (row: RowOf<Kind>) => number | null;
  /** The cell in a workbook when it is a number, an amount or a date (text otherwise). */
  readonly sheet?: (row: RowOf<Kind>, report: ReportOf<Kind>) => SheetCell;
  /** The workbook's totals rows sum this column per currency. */
  readonly sum?: boolean;
}

/** A column's header in the reader's language, for this report. */
export const columnTitle = <Kind extends ReportKind>(column: ReportColumn<Kind>, report: ReportOf<Kind> | undefined, format: CellFormat): string =>
  format.t(typeof column.title === "string" ? column.title : column.title(report));

export const money = (amount: number, currency: string, format: CellFormat): string => formatMinor(amount, currency, currencyDecimals(currency), format.language);

/** A moment as every page writes it (YYYY-MM-DD HH:mm, UTC), isolated inside Arabic. */
export const dateTime = (iso: string): string => isolated(utcMomentText(iso));

const count = (value: number, format: CellFormat) => new Intl.NumberFormat(format.language).format(value);
const product = (kind: string, format: CellFormat) => format.t(`booking.orders.products.${kind}`);
const status = (value: string, format: CellFormat) => format.t(`booking.orders.statuses.${value}`);

/** The period of a sales row (YYYY-MM or YYYY-MM-DD) as a month or a day in the reader's language. */
export function periodText(period: string, format: CellFormat): string {
  if (period.length === 10) return isolated(dayText(period));
  return new Intl.DateTimeFormat(format.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${period}-01T00:00:00Z`));
}

/** An earnings figure of a row in the row's currency (a booked item's sales are its total). */
const earningsText =
  <Kind extends "sales" | "earnings" | "bookings">(figure: "sales" | "markup" | "commission"): ReportColumn<Kind>["text"] =>
  (row, format) =>
    "total" in row ? money(figure === "sales" ? row.total.amount : row[figure], row.total.currency, format) : money(row[figure], row.currency, format);

/** The same figure as an amount for a workbook. */
const earningsCell =
  <Kind extends "sales" | "earnings" | "bookings">(figure: "sales" | "markup" | "commission"): NonNullable<ReportColumn<Kind>["sheet"]> =>
  (row) =>
    "total" in row ? { minor: figure === "sales" ? row.total.amount : row[figure], currency: row.total.currency } : { minor: row[figure], currency: row.currency };

const earningsColumns = <Kind extends "sales" | "earnings" | "bookings">(): ReportColumn<Kind>[] =>
  (["sales", "markup", "commission"] as const).map((figure) => ({ key: figure, title: `reports.columns.${figure}`, figure: true, sum: true, text: earningsText<Kind>(figure), sheet: earningsCell<Kind>(figure) }));

const bookingsCount = <Kind extends "sales" | "earnings">(): ReportColumn<Kind> => ({
  key: "bookings",
  title: "reports.columns.bookings",
  figure: true,
  sum: true,
  text: (row, format) => count(row.bookings, format),
  sheet: (row) => ({ count: row.bookings }),
});

const referenceColumn = <Kind extends "bookings" | "cancellations">(): ReportColumn<Kind> => ({
  key: "reference",
  title: "reports.columns.reference",
  text: (row) => row.reference ?? `#${row.orderId}`,
  orderId: (row) => row.orderId,
});

const orderColumns = <Kind extends "bookings" | "cancellations">(): ReportColumn<Kind>[] => [
  { key: "organisation", title: "reports.columns.organisation", text: (row) => row.organisationName },
  { key: "user", title: "reports.columns.user", text: (row) => row.userName },
  { key: "bookedBy", title: "reports.columns.bookedBy", text: (row) => row.bookedBy ?? "" },
  { key: "product", title: "reports.columns.product", text: (row, format) => product(row.product, format) },
  { key: "supplier", title: "reports.columns.supplier", text: (row) => row.supplierName },
  { key: "status", title: "reports.columns.status", text: (row, format) => status(row.status, format) },
  { key: "travelDate", title: "reports.columns.travelDate", text: (row) => row.travelDate ?? "", sheet: (row) => (row.travelDate ? { day: row.travelDate } : "") },
  { key: "place", title: "reports.columns.place", text: (row, format) => (row.place ? placeText(row.place, format.language) : "") },
  { key: "travellers", title: "reports.columns.travellers", text: (row) => row.travellers },
  { key: "paidWith", title: "reports.columns.paidWith", text: (row, format) => (row.paymentMethodId === null ? "" : format.t(`booking.checkout.methods.${row.paymentMethodId}`)) },
];

/** Every report's columns, in the order they are shown and exported. */
export const REPORT_COLUMNS: { readonly [Kind in ReportKind]: readonly ReportColumn<Kind>[] } = {
  sales: [
    { key: "period", title: "reports.columns.period", text: (row, format) => periodText(row.period, format) },
    { key: "product", title: "reports.columns.product", text: (row, format) => product(row.product, format) },
    bookingsCount<"sales">(),
    ...earningsColumns<"sales">(),
  ],
  earnings: [
    { key: "organisation", title: "reports.columns.organisation", text: (row) => row.organisationName },
    { key: "product", title: "reports.columns.product", text: (row, format) => product(row.product, format) },
    bookingsCount<"earnings">(),
    ...earningsColumns<"earnings">(),
  ],
  bookings: [
    { key: "bookedAt", title: "reports.columns.bookedAt", text: (row) => dateTime(row.bookedAt), sheet: (row) => ({ at: row.bookedAt }) },
    referenceColumn<"bookings">(),
    ...orderColumns<"bookings">(),
    ...earningsColumns<"bookings">(),
  ],
  cancellations: [
    { key: "undoneAt", title: "reports.columns.undoneAt", text: (row) => dateTime(row.undoneAt), sheet: (row) => ({ at: row.undoneAt }) },
    referenceColumn<"cancellations">(),
    { key: "bookedAt", title: "reports.columns.bookedAt", text: (row) => dateTime(row.bookedAt), sheet: (row) => ({ at: row.bookedAt }) },
    ...orderColumns<"cancellations">(),
    { key: "total", title: "reports.columns.total", figure: true, sum: true, text: (row, format) => money(row.total.amount, row.total.currency, format), sheet: (row) => ({ minor: row.total.amount, currency: row.total.currency }) },
    { key: "refunded", title: "reports.columns.refunded", figure: true, sum: true, text: (row, format) => money(row.refunded.amount, row.refunded.currency, format), sheet: (row) => ({ minor: row.refunded.amount, currency: row.refunded.currency }) },
  ],
  suppliers: [
    { key: "supplier", title: "reports.columns.supplier", text: (row) => row.supplierName },
    { key: "searches", title: "reports.columns.searches", figure: true, text: (row, format) => count(row.searches, format), sheet: (row) => ({ count: row.searches }) },
    { key: "answered", title: "reports.columns.answered", figure: true, text: (row, format) => count(row.answered, format), sheet: (row) => ({ count: row.answered }) },
    { key: "failed", title: "reports.columns.failed", figure: true, text: (row, format) => count(row.failed, format), sheet: (row) => ({ count: row.failed }) },
    { key: "timedOut", title: "reports.columns.timedOut", figure: true, text: (row, format) => count(row.timedOut, format), sheet: (row) => ({ count: row.timedOut }) },
    { key: "averageMs", title: "reports.columns.averageMs", figure: true, text: (row, format) => count(row.averageMs, format), sheet: (row) => ({ count: row.averageMs }) },
    { key: "p95Ms", title: "reports.columns.p95Ms", figure: true, text: (row, format) => count(row.p95Ms, format), sheet: (row) => ({ count: row.p95Ms }) },
    { key: "bookings", title: "reports.columns.bookings", figure: true, text: (row, format) => count(row.bookings, format), sheet: (row) => ({ count: row.bookings }) },
  ],
  statement: [
    { key: "at", title: "reports.columns.at", text: (row) => dateTime(row.at), sheet: (row) => ({ at: row.at }) },
    {
      key: "reason",
      title: "reports.columns.reason",
      text: (row, format) => (row.guarantee === null ? ledgerReasonLabel(format.t, row) : format.t("reports.onGuarantee", { reason: ledgerReasonLabel(format.t, row), guarantee: row.guarantee })),
    },
    { key: "reference", title: "reports.columns.reference", text: (row) => row.reference ?? "", orderId: (row) => row.orderId },
    { key: "user", title: "reports.columns.user", text: (row) => row.userName },
    { key: "debit", title: "reports.columns.debit", figure: true, sum: true, text: (row, format, report) => (row.debit === 0 ? "" : money(row.debit, report.currency, format)), sheet: (row, report) => ({ minor: row.debit, currency: report.currency }) },
    { key: "credit", title: "reports.columns.credit", figure: true, sum: true, text: (row, format, report) => (row.credit === 0 ? "" : money(row.credit, report.currency, format)), sheet: (row, report) => ({ minor: row.credit, currency: report.currency }) },
    { key: "balance", title: (report) => (report?.account === "guarantee" ? "reports.columns.drawnAfter" : "reports.columns.balance"), figure: true, text: (row, format, report) => money(row.balance, report.currency, format), sheet: (row, report) => ({ minor: row.balance, currency: report.currency }) },
  ],
};

/**
 * The whole result's totals as lines of text: a line per currency (or the statement's opening
 * and closing balances around its debits and credits). The same lines head the PDF and follow
 * the rows in the workbook.
 */
export function totalLines(report: ReportOf<ReportKind>, format: CellFormat): string[] {
  const { t } = format;
  switch (report.kind) {
    case "sales":
    case "earnings":
    case "bookings": {
      const lines = report.totals.map((total) =>
        t("reports.totals.earnings", {
          currency: total.currency,
          bookings: count(total.bookings, format),
          sales: money(total.sales, total.currency, format),
          markup: money(total.markup, total.currency, format),
          commission: money(total.commission, total.currency, format),
        }),
      );
      if (report.kind !== "bookings") return lines;
      // Each way of paying apart, so a BSP billing or a day's cheques reconcile with their line.
      return [
        ...lines,
        ...report.byPaymentMethod.map((method) =>
          t("reports.totals.byPaymentMethod", {
            method: method.paymentMethodId === null ? t("reports.totals.notPaidYet") : t(`booking.checkout.methods.${method.paymentMethodId}`),
            currency: method.currency,
            bookings: count(method.bookings, format),
            sales: money(method.sales, method.currency, format),
          }),
        ),
        ...report.paidWithVouchers.map((paid) => t("reports.totals.paidWithVouchers", { currency: paid.currency, bookings: count(paid.bookings, format), amount: money(paid.amount, paid.currency, format) })),
      ];
    }
    case "cancellations":
      return report.totals.map((total) =>
        t("reports.totals.cancellations", { currency: total.currency, orders: count(total.orders, format), total: money(total.total, total.currency, format), refunded: money(total.refunded, total.currency, format) }),
      );
    case "suppliers":
      return [];
    case "statement": {
      const debits = report.totals.reduce((sum, total) => sum + total.debits, 0);
      const credits = report.totals.reduce((sum, total) => sum + total.credits, 0);
      const onGuarantees = report.account === "guarantee";
      return [
        t(onGuarantees ? "reports.totals.openingGuarantees" : "reports.totals.opening", { amount: money(report.openingBalance, report.currency, format) }),
        t("reports.totals.movements", { entries: count(report.total, format), debits: money(debits, report.currency, format), credits: money(credits, report.currency, format) }),
        t(onGuarantees ? "reports.totals.closingGuarantees" : "reports.totals.closing", { amount: money(report.closingBalance, report.currency, format) }),
      ];
    }
  }
}

/** Rows of a report as the text of its columns, for a workbook or a PDF table. */
export function reportTable<Kind extends ReportKind>(kind: Kind, report: ReportOf<Kind>, rows: readonly RowOf<Kind>[], format: CellFormat): { header: string[]; rows: string[][] } {
  const columns = REPORT_COLUMNS[kind] as readonly ReportColumn<Kind>[];
  return {
    header: columns.map((column) => columnTitle(column, report, format)),
    rows: rows.map((row) => columns.map((column) => column.text(row, format, report))),
  };
}

/** Rows of a report for a workbook: amounts, counts and dates as numbers, the rest as text; the totals rows sum what adds up. */
export function reportSheet<Kind extends ReportKind>(kind: Kind, report: ReportOf<Kind>, rows: readonly RowOf<Kind>[], format: CellFormat, notes: readonly string[]): SheetTable {
  const columns = REPORT_COLUMNS[kind] as readonly ReportColumn<Kind>[];
  return {
    header: columns.map((column) => columnTitle(column, report, format)),
    sums: columns.map((column) => column.sum === true),
    rows: rows.map((row) => columns.map((column) => (column.sheet ? column.sheet(row, report) : column.text(row, format, report)))),
    notes,
    currencyHeader: format.t("reports.columns.currency"),
    totalLabel: (currency) => format.t("reports.totals.sheetTotal", { currency }),
  };
}
