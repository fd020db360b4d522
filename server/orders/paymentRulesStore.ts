import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AgencyRule, CardPassRule, FopRule, MerchantRule } from "../payments/paymentRules";

const common = (row: {
  id: number; organisation_id: number | null; status: number; priority: number; organisation_ids: number[]; supplier_ids: string[]; airlines: string[]; valid_from: string; valid_to: string | null;
}) => ({
  id: row.id,
  ownerId: row.organisation_id,
  status: row.status,
  priority: row.priority,
  organisationIds: row.organisation_ids,
  supplierIds: row.supplier_ids,
  airlines: row.airlines,
  validFrom: row.valid_from,
  validTo: row.valid_to,
});

export interface PaymentRules {
  fop: FopRule[];
  merchant: MerchantRule[];
  cardPass: CardPassRule[];
  agency: AgencyRule[];
}

/** The payment-rule resources: a change to one reloads the rules everywhere. */
export const PAYMENT_RULE_RESOURCES = ["fopRules", "merchantRules", "ccPassRules", "agencyRules"] as const;

/** The active payment-method, merchant, credit-card-pass and agency rules, as checkout reads them (held in AppContext.paymentRules). */
export async function loadPaymentRules(db: Kysely<Database>): Promise<PaymentRules> {
  const [fop, merchant, cardPass, agency] = await Promise.all([
    db.selectFrom("fop_rules").selectAll().where("status", "=", 1).execute(),
    db.selectFrom("merchant_rules").selectAll().where("status", "=", 1).execute(),
    db.selectFrom("cc_pass_rules").selectAll().where("status", "=", 1).execute(),
    db.selectFrom("agency_rules").selectAll().where("status", "=", 1).execute(),
  ]);
  return {
    fop: fop.map((row) => ({ ...common(row), paymentMethodIds: row.payment_method_ids })),
    merchant: merchant.map((row) => ({ ...common(row), cardTypes: row.card_types, gateway: row.gateway, merchantId: row.merchant_id, hostedPage: row.gateway === "checkout-com" && row.api_url !== null && row.secret_key !== null })),
    cardPass: cardPass.map((row) => ({ ...common(row), cardTypes: row.card_types })),
    agency: agency.map((row) => ({
      ...common(row),
      name: row.name,
      payOptionIds: row.pay_option_ids,
      // bigint: a string from pg, a number from the type parser; the cap is compared as a number.
      maxBookingAmount: row.max_booking_amount === null ? null : Number(row.max_booking_amount),
      holdAllowed: row.hold_allowed,
      creditUsageAllowed: row.credit_usage_allowed,
    })),
  };
}
