// OAuth material never reaches a log or a message in the clear (§4.6): the masker applied to every log line
// hides tokens in headers, token responses and redirect URLs.
import { describe, expect, it } from "vitest";
import { Masker } from "../servers/mask.js";

describe("masking OAuth secrets", () => {
  const m = new Masker([]);
  it.each([
    ["Authorization: Bearer 3902834fc385b0a2717bc7c8fd860553", "Authorization: Bearer ****"],
    [
      'token response {"access_token":"at-123456","token_type":"Bearer","refresh_token":"rt-abcdef","expires_in":60}',
      'token response {"access_token":"****","token_type":"Bearer","refresh_token":"****","expires_in":60}',
    ],
    [
      "redirected to http://127.0.0.1:5555/callback?code=c0de-value&state=xyz",
      "redirected to http://127.0.0.1:5555/callback?code=****&state=xyz",
    ],
    [
      "grant_type=refresh_token&refresh_token=rt-999&client_secret=s3cr3t",
      "grant_type=refresh_token&refresh_token=****&client_secret=****",
    ],
    ["code_verifier=abc123 sent", "code_verifier=**** sent"],
    // Ordinary words that merely contain the names stay readable.
    ["exit code 1; the token_type is Bearer", "exit code 1; the token_type is Bearer"],
  ])("%s", (input, expected) => {
    expect(m.mask(input)).toBe(expected);
  });
});
