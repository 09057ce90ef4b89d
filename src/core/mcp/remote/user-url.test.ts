import { describe, expect, it } from "vitest";
import { checkUserUrl } from "./user-url.js";

describe("checkUserUrl", () => {
  it.each([
    ["https://auth.example.com/authorize?x=1", true],
    ["http://127.0.0.1:5555/authorize", true],
    ["http://localhost/authorize", true],
    ["http://[::1]:80/a", true],
    ["http://auth.example.com/authorize", false],
    ["file:///etc/passwd", false],
    ["javascript:alert(1)", false],
    ["data:text/html,hi", false],
    ["ms-settings:privacy", false],
    ["not a url", false],
  ])("%s → %s", (raw, ok) => {
    expect(checkUserUrl(raw, "the authorization endpoint").ok).toBe(ok);
  });

  it("names the endpoint and the scheme in the refusal", () => {
    expect(
      checkUserUrl("file:///etc/passwd?response_type=code", 'the authorization endpoint of "api"'),
    ).toEqual({
      ok: false,
      message:
        'the authorization endpoint of "api" (file:///etc/passwd) is a file: URL; only https: (or http: to localhost) is opened or shown',
    });
  });
});
