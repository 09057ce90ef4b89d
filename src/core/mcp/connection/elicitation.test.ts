import { describe, expect, it } from "vitest";
import { formDefaults, type ElicitationParams } from "./elicitation.js";

describe("formDefaults", () => {
  it("takes every property's default and nothing else", () => {
    const params = {
      message: "m",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", default: "John Doe" },
          score: { type: "number", default: 95.5 },
          status: { type: "string", enum: ["active", "inactive"], default: "active" },
          verified: { type: "boolean", default: false },
          free: { type: "string" },
        },
      },
    } as ElicitationParams;
    expect(formDefaults(params)).toEqual({
      name: "John Doe",
      score: 95.5,
      status: "active",
      verified: false,
    });
  });

  it("has nothing for a URL-mode request", () => {
    expect(formDefaults({ mode: "url", message: "m", url: "https://x", elicitationId: "1" })).toEqual({});
  });
});
