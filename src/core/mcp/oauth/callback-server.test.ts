import { afterEach, describe, expect, it } from "vitest";
import { startCallbackServer, type CallbackServer } from "./callback-server.js";

const open: CallbackServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function server(port?: number): Promise<CallbackServer> {
  const s = await startCallbackServer(port === undefined ? {} : { port });
  open.push(s);
  return s;
}

describe("loopback callback server", () => {
  it("listens on 127.0.0.1 with the /callback redirect URI", async () => {
    const s = await server();
    expect(s.redirectUrl).toBe(`http://127.0.0.1:${s.port}/callback`);
  });

  it("hands over the code of the redirect whose state matches, ignoring a wrong state", async () => {
    const s = await server();
    const code = s.waitForCode("st-1");
    const wrong = await fetch(`${s.redirectUrl}?code=evil&state=other`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("state does not match");
    const right = await fetch(`${s.redirectUrl}?code=c-123&state=st-1`);
    expect(right.status).toBe(200);
    await expect(code).resolves.toEqual({ code: "c-123" });
  });

  it("hands over the issuer of the redirect (RFC 9207) with the code", async () => {
    const s = await server();
    const code = s.waitForCode("st");
    await fetch(`${s.redirectUrl}?code=c-1&state=st&iss=${encodeURIComponent("https://as.example/")}`);
    await expect(code).resolves.toEqual({ code: "c-1", iss: "https://as.example/" });
  });

  it("fails the login on an error redirect, with the server's description", async () => {
    const s = await server();
    const outcome = s.waitForCode("st").then(
      () => "resolved",
      (e: unknown) => e,
    );
    const r = await fetch(`${s.redirectUrl}?error=access_denied&error_description=User+said+no&state=st`);
    expect(r.status).toBe(400);
    expect(await outcome).toMatchObject({
      code: "NEEDS_AUTH",
      message: "the authorization server refused: User said no",
    });
  });

  it("accepts a pasted redirect URL and says what is wrong with a bad one", async () => {
    const s = await server();
    const code = s.waitForCode("st");
    expect(s.deliver("not a url")).toEqual({
      ok: false,
      message: "that is not a URL; paste the whole address the browser was sent to",
    });
    expect(s.deliver(`${s.redirectUrl}?code=x&state=nope`)).toEqual({
      ok: false,
      message: "The state does not match this login; it was ignored.",
    });
    expect(s.deliver(`  ${s.redirectUrl}?code=pasted&state=st  `)).toEqual({ ok: true });
    await expect(code).resolves.toEqual({ code: "pasted" });
  });

  it("names the port when the configured callback port is taken", async () => {
    const s = await server();
    await expect(startCallbackServer({ port: s.port })).rejects.toMatchObject({
      code: "USAGE",
      message: `the OAuth callback port ${s.port} is in use; free it or set another oauth.callbackPort`,
    });
  });

  it("stops waiting when the login is cancelled", async () => {
    const s = await server();
    const abort = new AbortController();
    const code = s.waitForCode("st", abort.signal);
    abort.abort();
    await expect(code).rejects.toMatchObject({ code: "CANCELLED" });
  });

  it("does not wait when the login was cancelled before the wait began", async () => {
    const s = await server();
    const abort = new AbortController();
    abort.abort();
    await expect(s.waitForCode("st", abort.signal)).rejects.toMatchObject({ code: "CANCELLED" });
  });
});
