import { expect } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { ADMIN } from "./session";

/** The demo agency, Gulf Horizon Travel. */
export const AGENCY = 3;

type Organisation = { payOptions: number[]; officeId: string | null; creditUsed: number };

/**
 * Offers the demo agency a pay option (and any other change to its record), and has the head
 * office's payment-method rule for it allow the option's methods, for one test; `restore` puts
 * both back as they were.
 */
export async function offerPayOption(baseURL: string, payOption: number, methodIds: number[], organisationChanges: Partial<Organisation> = {}) {
  const admin = new BenchClient(baseURL);
  const token = await admin.signIn(ADMIN.username, ADMIN.password);
  const organisationOf = async () => ((await (await admin.get(`/api/organisations/${AGENCY}`, token)).json()) as { data: Organisation }).data;
  const organisation = await organisationOf();
  const rules = (await (await admin.get("/api/fetchFopRules?filter[name][contains]=Gulf%20Horizon&pageSize=10", token)).json()) as { data: { id: number; paymentMethodIds: number[] }[] };
  const rule = rules.data[0]!;
  expect((await admin.put(`/api/organisations/${AGENCY}`, { payOptions: [...organisation.payOptions, payOption], ...organisationChanges }, token)).status).toBe(200);
  expect((await admin.post("/api/updateFopRule", { id: rule.id, paymentMethodIds: [...rule.paymentMethodIds, ...methodIds] }, token)).status).toBe(200);
  return {
    admin,
    token,
    creditUsed: async () => (await organisationOf()).creditUsed,
    restore: async () => {
      await admin.put(`/api/organisations/${AGENCY}`, { payOptions: organisation.payOptions, officeId: organisation.officeId }, token);
      await admin.post("/api/updateFopRule", { id: rule.id, paymentMethodIds: rule.paymentMethodIds }, token);
    },
  };
}
