import { ApiError } from "../http/apiError";
import type { ResourceHooks } from "../resources/mountResource";
import { drawVoucherCode } from "./vouchers";

/** A bank guarantee's or a voucher's words for what the shared rules refuse. */
interface HeldValueWords {
  /** The field naming the organisation it is for, camelCase and as its column. */
  readonly field: string;
  readonly column: string;
  readonly fixed: { code: string; message: string };
  readonly own: { code: string; message: string };
  readonly belowUsed: string;
}

/**
 * What a declaration of value held for another organisation (a bank guarantee, a voucher) cannot
 * say alone: it is for an organisation below the one recording it (never its own), stays with
 * that organisation, is in that organisation's currency, and never falls below what has been used.
 */
function heldValueHooks(words: HeldValueWords): Required<Pick<ResourceHooks, "beforeChange" | "beforeInsert">> {
  return {
    beforeChange: (before, values, user) => {
      if (values === null) return;
      const holder = Number(values[words.field] ?? before?.[words.column]);
      if (before !== null && values[words.field] !== undefined && holder !== Number(before[words.column])) {
        throw new ApiError(422, words.fixed.code, words.fixed.message, { errors: [{ field: words.field, message: words.fixed.message }] });
      }
      if (holder === user.organisation_id) {
        throw new ApiError(403, words.own.code, words.own.message, { errors: [{ field: words.field, message: "Choose an organisation below yours" }] });
      }
      const used = Number(before?.used ?? 0);
      if (typeof values.amount === "number" && values.amount < used) {
        throw new ApiError(422, "validation_failed", words.belowUsed, { errors: [{ field: "amount", message: `${used} (minor units) is already used` }] });
      }
    },
    beforeInsert: async (trx, columns) => {
      const holder = await trx.selectFrom("organisations").select("currency_code").where("id", "=", Number(columns[words.column])).executeTakeFirstOrThrow();
      return { ...columns, currency: holder.currency_code };
    },
  };
}

export function bankGuaranteeHooks(): ResourceHooks {
  return heldValueHooks({
    field: "backedOrganisationId",
    column: "backed_organisation_id",
    fixed: { code: "guarantee_organisation_fixed", message: "A bank guarantee stays with the organisation it backs; record a new one for the other organisation." },
    own: { code: "own_guarantee", message: "Your own organisation's bank guarantee is recorded by the organisation above it." },
    belowUsed: "The amount is less than what has been drawn on the guarantee.",
  });
}

export function voucherHooks(): ResourceHooks {
  const shared = heldValueHooks({
    field: "holderOrganisationId",
    column: "holder_organisation_id",
    fixed: { code: "voucher_holder_fixed", message: "A voucher stays with the organisation it was issued to; issue a new one for the other organisation." },
    own: { code: "own_voucher", message: "Vouchers are issued to an organisation below yours, by an organisation above the holder." },
    belowUsed: "The amount is less than what has been redeemed from the voucher.",
  });
  return { ...shared, beforeInsert: async (trx, columns) => ({ ...(await shared.beforeInsert(trx, columns)), code: drawVoucherCode("EV") }) };
}
