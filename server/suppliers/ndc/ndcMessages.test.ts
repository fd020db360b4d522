import { describe, expect, it } from "vitest";
import { orderChangeRQ, type NdcContext } from "./ndcMessages";
import { ndcProfileOf } from "./ndcProfiles";

const context: NdcContext = { profile: ndcProfileOf("Lufthansa Group NDC")!, supplierId: "direct", supplierName: "Lufthansa Group direct", iataNumber: "99999992", pseudoCity: "KWIAG0001" };
const amount = { amount: 120_154, currency: "KWD" };
const sellerOf = (message: ReturnType<typeof orderChangeRQ>) => message.DistributionChain.DistributionChainLink[0]!.ParticipatingOrg.OrgID;

describe("who the airline bills", () => {
  it("the platform's IATA number, or the agency's own when the sale is billed to it through BSP", () => {
    expect(sellerOf(orderChangeRQ(context, "ORD1", { issueTickets: { typeCode: "CA", amount, cardToken: null } }))).toBe("99999992");
    expect(sellerOf(orderChangeRQ(context, "ORD1", { issueTickets: { typeCode: "CA", amount, cardToken: null, bspIataNumber: "42212345" } }))).toBe("42212345");
  });
});
