import { describe, expect, it } from "vitest";
import { ApiError } from "../http/apiError";
import { SupplierError } from "../suppliers/supplierError";
import { callSupplier } from "./shoppingService";

/** A supplier call that fails the first `failures` times, then answers. */
function flaky(failures: number, code: SupplierError["code"] = "SUPPLIER_FAILURE") {
  let calls = 0;
  const call = async () => {
    calls += 1;
    if (calls <= failures) throw new SupplierError(code, "The supplier broke down.");
    return "answer";
  };
  return { call, calls: () => calls };
}

describe("one supplier call", () => {
  it("asks a read again after a breakdown, twice at most", async () => {
    const once = flaky(1);
    await expect(callSupplier(once.call, { repeatable: true })).resolves.toBe("answer");
    expect(once.calls()).toBe(2);
    const always = flaky(10);
    const error = await callSupplier(always.call, { repeatable: true }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect(always.calls()).toBe(3);
  });

  it("never asks again a call that books, pays or cancels, nor a read the supplier refused", async () => {
    const booking = flaky(1);
    await expect(callSupplier(booking.call)).rejects.toMatchObject({ status: 502 });
    expect(booking.calls()).toBe(1);
    const refused = flaky(1, "OFFER_EXPIRED");
    await expect(callSupplier(refused.call, { repeatable: true })).rejects.toMatchObject({ status: 409 });
    expect(refused.calls()).toBe(1);
  });
});
