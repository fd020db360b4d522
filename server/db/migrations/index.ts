import type { Migration } from "kysely/migration";
import * as foundation from "./0001_foundation";
import * as flightsOrders from "./0006_flights_orders";
import * as adminResources from "./0007_admin_resources";
import * as suppliers from "./0008_suppliers";
import * as userGuides from "./0009_user_guides";
import * as organisationApproval from "./0010_organisation_approval";
import * as configurationTenancy from "./0011_configuration_tenancy";
import * as loginFailurePairs from "./0012_login_failure_pairs";
import * as cardTokens from "./0013_card_tokens";
import * as organisationPointOfSale from "./0014_organisation_point_of_sale";
import * as sandboxState from "./0015_sandbox_state";
import * as orderReconciliation from "./0016_order_reconciliation";
import * as orderItems from "./0017_order_items";
import * as insuranceActivities from "./0018_insurance_activities";
import * as visas from "./0019_visas";
import * as packages from "./0020_packages";
import * as moneyTransfer from "./0021_money_transfer";
import * as rateLimitHits from "./0022_rate_limit_hits";
import * as listOrderIndexes from "./0023_list_order_indexes";
import * as errorCaptureLogs from "./0024_error_capture_logs";
import * as reports from "./0025_reports";
import * as topUpRequests from "./0026_top_up_requests";
import * as registrationReview from "./0027_registration_review";
import * as partnerUpgrades from "./0028_partner_upgrades";
import * as bookingOnBehalf from "./0029_booking_on_behalf";
import * as ledgerReasonCodes from "./0030_ledger_reason_codes";
import * as supplierMessages from "./0031_supplier_messages";
import * as supplierConnections from "./0032_supplier_connections";
import * as duffelConnection from "./0033_duffel_connection";
import * as ndcConnection from "./0034_ndc_connection";
import * as supplierHotelCodes from "./0035_supplier_hotel_codes";
import * as documentOwners from "./0036_document_owners";
import * as itemTrips from "./0037_item_trips";
import * as supplierActivityCodes from "./0038_supplier_activity_codes";
import * as xcoverConnection from "./0039_xcover_connection";
import * as wiseConnection from "./0040_wise_connection";
import * as itemChangeClaim from "./0041_item_change_claim";
import * as ancillaryServices from "./0042_ancillary_services";
import * as termsVersions from "./0043_terms_versions";
import * as ssoSettings from "./0044_sso_settings";
import * as dailySales from "./0045_daily_sales";
import * as dashboardIndexes from "./0046_dashboard_indexes";
import * as organisationSettings from "./0047_organisation_settings";
import * as bankGuarantees from "./0048_bank_guarantees";
import * as paymentReceipts from "./0049_payment_receipts";
import * as hostedPayments from "./0050_hosted_payments";
import * as dailySalesByPayment from "./0051_daily_sales_by_payment";
import * as vouchers from "./0052_vouchers";
import * as residualTravelFunds from "./0053_residual_travel_funds";

/** Every migration, in order. Forward only: a shipped migration is never edited, a new one is added. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": foundation,
  "0006_flights_orders": flightsOrders,
  "0007_admin_resources": adminResources,
  "0008_suppliers": suppliers,
  "0009_user_guides": userGuides,
  "0010_organisation_approval": organisationApproval,
  "0011_configuration_tenancy": configurationTenancy,
  "0012_login_failure_pairs": loginFailurePairs,
  "0013_card_tokens": cardTokens,
  "0014_organisation_point_of_sale": organisationPointOfSale,
  "0015_sandbox_state": sandboxState,
  "0016_order_reconciliation": orderReconciliation,
  "0017_order_items": orderItems,
  "0018_insurance_activities": insuranceActivities,
  "0019_visas": visas,
  "0020_packages": packages,
  "0021_money_transfer": moneyTransfer,
  "0022_rate_limit_hits": rateLimitHits,
  "0023_list_order_indexes": listOrderIndexes,
  "0024_error_capture_logs": errorCaptureLogs,
  "0025_reports": reports,
  "0026_top_up_requests": topUpRequests,
  "0027_registration_review": registrationReview,
  "0028_partner_upgrades": partnerUpgrades,
  "0029_booking_on_behalf": bookingOnBehalf,
  "0030_ledger_reason_codes": ledgerReasonCodes,
  "0031_supplier_messages": supplierMessages,
  "0032_supplier_connections": supplierConnections,
  "0033_duffel_connection": duffelConnection,
  "0034_ndc_connection": ndcConnection,
  "0035_supplier_hotel_codes": supplierHotelCodes,
  "0036_document_owners": documentOwners,
  "0037_item_trips": itemTrips,
  "0038_supplier_activity_codes": supplierActivityCodes,
  "0039_xcover_connection": xcoverConnection,
  "0040_wise_connection": wiseConnection,
  "0041_item_change_claim": itemChangeClaim,
  "0042_ancillary_services": ancillaryServices,
  "0043_terms_versions": termsVersions,
  "0044_sso_settings": ssoSettings,
  "0045_daily_sales": dailySales,
  "0046_dashboard_indexes": dashboardIndexes,
  "0047_organisation_settings": organisationSettings,
  "0048_bank_guarantees": bankGuarantees,
  "0049_payment_receipts": paymentReceipts,
  "0050_hosted_payments": hostedPayments,
  "0051_daily_sales_by_payment": dailySalesByPayment,
  "0052_vouchers": vouchers,
  "0053_residual_travel_funds": residualTravelFunds,
};
