import { afterEach, describe, expect, it } from "vitest";
import { memoryStorage } from "../testing/memoryStorage";
import { createOwnedStore, createPersistedStore, onStateOwnerChange, setStateOwner } from "./createPersistedStore";

const isText = (value: unknown): value is string => typeof value === "string";

describe("a user's own state in the browser", () => {
  const storage = memoryStorage();
  const from = () => storage;
  afterEach(() => {
    setStateOwner(null, from);
    storage.clear();
  });

  it("keeps a user's value under the spec's key while they are signed in, and forgets it when they sign out", () => {
    setStateOwner(7, from);
    const search = createPersistedStore("hotelSearch", "", isText, { storage: from });
    search.set("Dubai, 2 rooms");
    expect(storage.getItem("hotelSearch")).toBe('"Dubai, 2 rooms"');
    setStateOwner(null, from);
    expect(search.get()).toBe("");
    expect(storage.getItem("hotelSearch")).toBeNull();
    expect(storage.getItem("stateOwner")).toBeNull();
  });

  it("gives the same user their state back after a reload, and never another user's", () => {
    storage.setItem("stateOwner", "7");
    storage.setItem("hotelSearch", '"Dubai, 2 rooms"');
    const search = createPersistedStore("hotelSearch", "", isText, { storage: from });
    expect(search.get()).toBe("");
    setStateOwner(7, from);
    expect(search.get()).toBe("Dubai, 2 rooms");

    // Agent 7's session expired without a sign-out; the admin (1) signs in on the same browser.
    setStateOwner(null, from);
    storage.setItem("stateOwner", "7");
    storage.setItem("hotelSearch", '"Dubai, 2 rooms"');
    setStateOwner(1, from);
    expect(search.get()).toBe("");
    expect(storage.getItem("hotelSearch")).toBeNull();
    expect(storage.getItem("stateOwner")).toBe("1");
  });

  it("writes nothing while nobody is signed in", () => {
    const draft = createPersistedStore("quotes", "", isText, { storage: from });
    draft.set("typed before signing in");
    expect(storage.getItem("quotes")).toBeNull();
  });

  it("empties in-memory state (a search's results) when its user leaves, and tells listeners", () => {
    const heard: (number | null)[] = [];
    const stop = onStateOwnerChange((owner) => heard.push(owner));
    setStateOwner(7, from);
    const results = createOwnedStore<string[]>([]);
    results.set(["KWI-DXB"]);
    setStateOwner(null, from);
    stop();
    expect(results.get()).toEqual([]);
    expect(heard).toEqual([7, null]);
  });
});
