import { describe, expect, it } from "vitest";
import { inFlightOnly } from "./request-signal.js";

describe("inFlightOnly", () => {
  it("follows the caller's signal while the request runs, and lets go of it once it settled", async () => {
    const parent = new AbortController();
    let inner: AbortSignal | undefined;
    await inFlightOnly(parent.signal, (s) => ((inner = s), Promise.resolve()));
    parent.abort("late");
    expect(inner?.aborted).toBe(false);
  });

  it("aborts the request's signal with the caller's reason while in flight", async () => {
    const parent = new AbortController();
    const seen = await inFlightOnly(parent.signal, (s) => {
      parent.abort("now");
      return Promise.resolve({ aborted: s?.aborted, reason: s?.reason as unknown });
    });
    expect(seen).toEqual({ aborted: true, reason: "now" });
  });

  it("passes an already aborted signal on, and no signal when there is none", async () => {
    expect(await inFlightOnly(AbortSignal.abort("x"), (s) => Promise.resolve(s?.aborted))).toBe(true);
    expect(await inFlightOnly(undefined, (s) => Promise.resolve(s))).toBeUndefined();
  });
});
