import type { TFunction } from "i18next";
import type { InsurancePolicy } from "../../contract/insurance";
import type { OrderItem, PlatformOrder } from "../../contract/orders";
import type { DocumentContent } from "../../lib/pdf/documentPdf";
import { saveBookingDocument } from "../orders/itineraryPdf";
import { formatMoney } from "../ui/MoneyText";
import { travellerName } from "../ui/travellerName";

/** The order's insurance items with their policies (a policy sold alone, or bought with a flight or a stay). */
export const policyItemsOf = (order: PlatformOrder): (OrderItem & { insurance: InsurancePolicy })[] =>
  order.items.filter((item): item is OrderItem & { insurance: InsurancePolicy } => item.kind === "insurance" && item.insurance !== null);

/**
 * The certificate the traveller carries (and a consulate asks for): the policy number and our
 * reference, the plan and its period, everyone insured, the coverage table, what is excluded
 * and the emergency line. Text and tables, the same for the PDF and its test.
 */
export function insuranceCertificate(order: PlatformOrder, policy: InsurancePolicy, t: TFunction, language: string): DocumentContent {
  const { quote } = policy;
  return {
    title: t("booking.insurance.certificate.title"),
    lines: [
      `${t("booking.insurance.certificate.policyNumber")}: ${policy.policyNumber}`,
      `${t("booking.insurance.certificate.reference")}: ${order.bookingReference ?? order.id}`,
      `${t("booking.insurance.certificate.plan")}: ${quote.planName} (${quote.plan}) · ${t(`booking.insurance.products.${quote.product}`)} · ${t(`booking.insurance.benefits.${quote.benefit}`)}`,
      `${t("booking.insurance.certificate.period")}: ${quote.departureDate} – ${quote.returnDate} (${t("booking.insurance.days", { count: quote.days })})`,
      `${t("booking.insurance.certificate.destination")}: ${quote.destination}`,
      `${t("booking.insurance.certificate.issued")}: ${policy.issuedAt.slice(0, 10)} · ${t("booking.insurance.certificate.freeLook", { date: policy.freeLookUntil })}`,
      ...(quote.emergencyPhone === "" ? [] : [`${t("booking.insurance.certificate.emergency")}: ${quote.emergencyPhone}`]),
      ...(policy.status === "cancelled" ? [t("booking.insurance.certificate.cancelled", { date: policy.cancelledAt?.slice(0, 10) ?? "" })] : []),
    ],
    tables: [
      {
        title: t("booking.insurance.certificate.insured"),
        header: [t("booking.insurance.certificate.name"), t("booking.insurance.dateOfBirth"), t("booking.insurance.passport")],
        rows: policy.insured.map((person) => [travellerName(t, person), person.dateOfBirth, person.passportNumber ?? ""]),
      },
      {
        title: t("booking.insurance.coverage.title"),
        header: [t("booking.insurance.coverage.cover"), t("booking.insurance.coverage.limit"), t("booking.insurance.coverage.excess")],
        rows: quote.coverage.map((line) => [
          t(`booking.insurance.coverage.kinds.${line.kind}`),
          line.limit ? formatMoney(line.limit, language) : t("booking.insurance.coverage.notCovered"),
          line.excess ? formatMoney(line.excess, language) : "",
        ]),
      },
      {
        title: t("booking.insurance.coverage.exclusions"),
        header: [t("booking.insurance.coverage.exclusion")],
        rows: quote.exclusions.map((exclusion) => [exclusion]),
      },
    ],
  };
}

/** Saves the certificate as certificate-<policy number>.pdf. */
export const downloadInsuranceCertificate = (order: PlatformOrder, policy: InsurancePolicy) =>
  saveBookingDocument((t, language) => insuranceCertificate(order, policy, t, language), `certificate-${policy.policyNumber}.pdf`);
