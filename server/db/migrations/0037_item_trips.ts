import { sql, type Kysely } from "kysely";

/**
 * Visa and money-transfer items booked before their items kept their trip (summariseOrder's
 * travel date and place) are given it from their application or transfer, as new bookings
 * write it: the visa's name, country and first day of travel; the beneficiary's name and country.
 */
const statements = [
  `update order_items item
     set detail = item.detail || jsonb_build_object('visaName', product.name, 'country', product.country, 'travelDate', to_char(application.travel_from, 'YYYY-MM-DD'))
     from visa_applications application
     join visa_products product on product.id = application.visa_product_id
     where application.item_id = item.id and item.kind = 'visa' and item.detail is not null and not (item.detail ? 'travelDate')`,
  `update order_items item
     set detail = item.detail || jsonb_build_object('beneficiary', concat_ws(' ', beneficiary.details ->> 'firstName', beneficiary.details ->> 'lastName'), 'country', beneficiary.details ->> 'country')
     from dmt_transfers transfer
     join dmt_beneficiaries beneficiary on beneficiary.id = transfer.beneficiary_id
     where transfer.item_id = item.id and item.kind = 'transfer' and item.detail is not null and not (item.detail ? 'country')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
