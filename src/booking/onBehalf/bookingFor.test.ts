import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../contract/auth";
import { canBookOnBehalf, choiceOf, choose } from "./bookingFor";

const manager: SessionUser = {
  username: "manager",
  email: "manager@example.com",
  mobile: "",
  country_id: null,
  agent_code: null,
  agent: false,
  admin: true,
  permissions: [{ menu: "pos", view: true, create: true, edit: false, delete: false, quoting_tool: false }],
  users_id: 7,
  organisation_id: 2,
  languages: "en",
  profile_image: null,
  unlimited_creditlimit: false,
};
const agent: SessionUser = { ...manager, users_id: 9, permissions: [{ menu: "pos", view: true, create: false, edit: false, delete: false, quoting_tool: false }] };

describe("booking on behalf in the console", () => {
  it("is for those who may create on the point-of-sale section", () => {
    expect(canBookOnBehalf(manager)).toBe(true);
    expect(canBookOnBehalf(agent)).toBe(false);
    expect(canBookOnBehalf(undefined)).toBe(false);
  });

  it("stores nothing for the user's own agency, and the agency with the agent otherwise", () => {
    expect(choose(manager, { id: 2, name: "Partner" }, null)).toBeNull();
    expect(choose(manager, { id: 2, name: "Partner" }, { id: 7, name: "manager" })).toBeNull();
    expect(choose(manager, { id: 2, name: "Partner" }, { id: 8, name: "desk" })).toMatchObject({ organisationId: 2, userId: 8, chosenBy: 7, bookingMode: 3 });
    expect(choose(manager, { id: 3, name: "Gulf Horizon" }, null)).toEqual({ bookingMode: 3, chosenBy: 7, organisationId: 3, organisationName: "Gulf Horizon", userId: null, userName: null });
  });

  it("never sends a choice someone else made in this browser, nor one its maker may no longer make", () => {
    const choice = choose(manager, { id: 3, name: "Gulf Horizon" }, null);
    expect(choiceOf(choice, manager)).toBe(choice);
    expect(choiceOf(choice, { ...manager, users_id: 8 })).toBeNull();
    expect(choiceOf(choice, { ...manager, permissions: [] })).toBeNull();
    expect(choiceOf(choice, undefined)).toBeNull();
    expect(choiceOf(null, manager)).toBeNull();
  });
});
