import type { FastifyInstance } from "fastify";
import { RESOURCES } from "../../src/resources";
import type { RouteContext } from "../appContext";
import { ApiError } from "../http/apiError";
import { checkCreditBacked } from "../organisations/creditBacking";
import { PAYMENT_RULE_RESOURCES } from "../orders/paymentRulesStore";
import { forgetReaches } from "./tenancy";
import { mountResource, type ResourceHooks } from "./mountResource";
import { registerSupplierRoutes } from "./supplierRoutes";
import { checkSupplierConnection } from "../suppliers/connections";
import { bankGuaranteeHooks, voucherHooks } from "../payments/heldValueHooks";
import { registerUserActions, roleHooks, userHooks } from "./userHooks";

/** What the server adds to some resources: derived columns, in-memory indexes to refresh. */
function hooksFor(context: RouteContext): Record<string, ResourceHooks> {
  // Checkout reads the payment rules from memory: a change reloads them here and on every other instance.
  const paymentRuleHooks = Object.fromEntries(PAYMENT_RULE_RESOURCES.map((name) => [name, { afterWrite: () => context.paymentRules.reload() }]));
  return {
    ...paymentRuleHooks,
    roles: roleHooks(context),
    // Searches and bookings read which suppliers are open to whom from memory.
    // A supplier connected to a provider is saved only with everything the connection needs.
    suppliers: { afterWrite: () => context.supplierConfiguration.reload(), beforeChange: (before, values) => checkSupplierConnection(before, values, { production: context.config.production }) },
    // Markets decide which markup rules a seller's sales match: the pricing book keeps them.
    markets: { afterWrite: () => context.pricing.reload() },
    users: userHooks(context),
    bankGuarantees: bankGuaranteeHooks(),
    vouchers: voucherHooks(),
    organisations: {
      // The organisations above a new one reach it at once.
      afterCreate: async () => forgetReaches(context.db),
      // A new organisation sits one level below its parent; the parent is already checked to be the caller's.
      beforeInsert: async (trx, columns) => {
        const parent = await trx.selectFrom("organisations").select("hierarchy_level").where("id", "=", Number(columns.parent_id)).executeTakeFirstOrThrow();
        return { ...columns, hierarchy_level: parent.hierarchy_level + 1 };
      },
      // An organisation's own terms (credit, pay options) are set by the organisations above it, and
      // moving a branch elsewhere in the tree is not an edit.
      beforeChange: async (before, values, user) => {
        if (before !== null && before.id === user.organisation_id) {
          throw new ApiError(403, "own_organisation", "Your own organisation is managed by the organisation above it.");
        }
        if (before !== null && values && values.parentId !== undefined && values.parentId !== before.parent_id) {
          throw new ApiError(422, "parent_fixed", "An organisation stays under its parent; create it again under the other parent instead.");
        }
        if (values && typeof values.creditLimit === "number") {
          await checkCreditBacked(context.db, Number(values.parentId ?? before?.parent_id), values.creditLimit, user);
        }
      },
    },
  };
}

/** Mounts every declared administration resource. */
export function registerResourceRoutes(app: FastifyInstance, context: RouteContext): void {
  const hooks = hooksFor(context);
  const declarationOf = (name: string) => RESOURCES.find((resource) => resource.name === name);
  for (const resource of RESOURCES) mountResource(app, context, resource, hooks[resource.name], declarationOf);
  registerUserActions(app, context);
  registerSupplierRoutes(app, context);
}
