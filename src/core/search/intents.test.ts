import { describe, expect, it } from "vitest";
import { intentMeaning } from "./intents.js";

describe("intentMeaning", () => {
  it.each([
    ["mark issue #88 as blocking #91", "link relation dependency"],
    ["the review can't start until the mockups are done", "link relation dependency"],
    ["block the ip address at the edge", "firewall rule deny"],
    ["what have i changed since the last commit", "diff status changes"],
    ["which files in logs are the huge ones", "size"],
    ["start the dev server with npm run dev", "command process terminal"],
    ["the install is asking y/n, answer y", "interact input process"],
    ["grab the config off the server", "download remote server"],
    ["silence db-07 while we patch it", ""],
    ["tail the error log on prod-web-2", "host server remote"],
    ["what's 17 plus 25", "sum add numbers"],
    ["add 2 and 3", "sum add numbers"],
    ["ping me 30 min before the call", "reminder remind"],
    ["anything from noreply@github.com should get the label", "filter rule automation"],
    ["out of office until jan 5", "autoreply automatic reply mailbox settings"],
    ["add an a record for the api", "dns record domain"],
    ["only the app droplets should be able to reach the database", "firewall rules trusted sources allow"],
    ["make a 15% off code for the shop", "discount coupon promotion"],
    ["what calls symbol", "references callers incoming calls"],
    ["look up everything stored about the falcon project", "memory knowledge search"],
    ["what do we know about apollo", "memory knowledge search"],
    ["compare the a/b test variants", "experiment variant"],
    ["which api calls did the page make", "network requests"],
    ["pull the prices from these pages as json", "extract structured"],
    ["highlight rows where spend exceeds plan", "conditional format rule"],
    ["any type errors in file", "diagnostics problems"],
    ["any javascript errors on the page", "console logs messages"],
    ["which errors spiked after the release", "top issues count"],
    ["why is this sql query taking duration", "slow performance analyze"],
    ["a thorough write-up with sources", "research report"],
    ["switch kubectl to the staging cluster", "context use current switch"],
    ["let me hit grafana from localhost port", "port forward local"],
    ["how the page looks on an iphone-sized screen", "resize viewport emulate"],
    ["when was the log file last changed", "modified info metadata"],
    ["change the port from 8080 to 9090 in the config", "edit replace"],
    ["we're getting hammered from one ip", "firewall rule deny"],
    ["set up info@ so it lands in my gmail", "forwarder forward mail"],
    ["record that alice owns billing", "memory observation entity fact"],
    ["only allow yes/no in column c", "validation data rule"],
    ["list the open issues", ""],
  ])("%s", (query, expected) => {
    expect(intentMeaning(query)).toBe(expected);
  });
});
