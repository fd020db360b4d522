import { ApiError } from "../http/apiError";
import type { ResourceHooks } from "../resources/mountResource";

/**
 * What the bank guarantee declaration cannot say alone: a guarantee backs an organisation below the
 * one recording it (never its own), keeps the organisation it backs, is in that organisation's
 * currency, and never falls below what has been drawn on it.
 */
export function bankGuaranteeHooks(): ResourceHooks {
  return {
    beforeChange: (before, values, user) => {
      if (values === null) return;
      const backed = Number(values.backedOrganisationId ?? before?.backed_organisation_id);
      if (before !== null && values.backedOrganisationId !== undefined && backed !== Number(before.backed_organisation_id)) {
        throw new ApiError(422, "guarantee_organisation_fixed", "A bank guarantee stays with the organisation it backs; record a new one for the other organisation.", {
          errors: [{ field: "backedOrganisationId", message: "Record a new guarantee for another organisation" }],
        });
      }
      if (backed === user.organisation_id) {
        throw new ApiError(403, "own_guarantee", "Your own organisation's bank guarantee is recorded by the organisation above it.", {
          errors: [{ field: "backedOrganisationId", message: "Choose an organisation below yours" }],
        });
      }
      const used = Number(before?.used ?? 0);
      if (typeof values.amount === "number" && values.amount < used) {
        throw new ApiError(422, "validation_failed", "The amount is less than what has been drawn on the guarantee.", {
          errors: [{ field: "amount", message: `${used} (minor units) is already drawn on this guarantee` }],
        });
      }
    },
    beforeInsert: async (trx, columns) => {
      const backed = await trx.selectFrom("organisations").select("currency_code").where("id", "=", Number(columns.backed_organisation_id)).executeTakeFirstOrThrow();
      return { ...columns, currency: backed.currency_code };
    },
  };
}
