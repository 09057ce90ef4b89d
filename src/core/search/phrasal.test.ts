import { describe, expect, it } from "vitest";
import { idiomHeads, leadingVerbNoun, phrasalMeaning } from "./phrasal.js";

describe("phrasalMeaning", () => {
  it.each([
    // irregular forms as their verbs
    ["the newsletters i got last month", "get"],
    ["who wrote this", "write"],
    ["the mail we sent yesterday", "send"],
    ["read the docs", ""],
    // the object between the verb and its particle
    ["put my half-done changes aside", "stash save hold"],
    ["keep this on hold", "stash save hold"],
    ["push the standup to time", "reschedule update move time"],
    ["move everything overdue to tomorrow", "reschedule update move time"],
    // no time: a push is a push, a move a move
    ["push my branch to origin", ""],
    ["move the card to done", ""],
    ["take her off that topic", "remove unsubscribe delete"],
    ["she took me off the list", "take remove unsubscribe delete"],
    ["did the landlord write back", "reply response answer"],
    ["look into the failed job", "analyze investigate inspect"],
    ["sign me up for the webinar", "subscribe register signup"],
    ["spin up a new droplet", "create start launch provision"],
    ["shut the old server down", "stop shutdown delete destroy"],
    ["back the database up", "backup snapshot export"],
    ["roll the deployment back", "rollback"],
    ["pull up the latest report", "show get open"],
    ["bring the branch up to date", ""],
    ["lock the repo down", "protect restrict lock permission"],
    ["fill out the signup form", "fill form"],
    ["hand the ticket off to sam", "transfer assign"],
    ["jot this down", "note save create"],
    ["keep an eye on the queue", "monitor watch track"],
    ["wipe the cache", "delete discard clear"],
    ["reach out to the vendor", "send message contact"],
    ["loop sam in", "invite add member share"],
    ["turn this doc into a pdf", "convert"],
    ["free up some disk space", "delete clean cleanup"],
    // goals phrased as what must not happen
    ["stop anyone from editing the spec", "protect restrict lock permission"],
    ["make sure nobody can push to main", "protect restrict lock permission"],
    ["give them read-only access", "permission access readonly"],
    ["book a quick call with marco", "meeting event calendar"],
    ["copy the config down to my laptop", "download local"],
    ["send this file from my computer to the drive", "upload local"],
    ["how many messages can we still send", "quota limit remaining usage"],
    ["mark the commit as failed", "status state update set"],
    ["make me the owner of the story", "current user self assign"],
    ["assign the ticket to me", "current user self assign"],
    ["notes from the last call with globex", ""],
  ])("%s", (query, expected) => {
    expect(phrasalMeaning(query)).toBe(expected);
  });
});

describe("idiomHeads", () => {
  it.each([
    ["push the standup to time", ["push"]],
    ["she took me off the list", ["took"]],
    ["put my changes aside", ["put"]],
    // A head the meaning repeats, and a phrasal verb whose head keeps its sense, keep their weight.
    ["move everything to tomorrow", []],
    ["fill out the form", []],
    ["push my branch to origin", []],
  ])("%s", (query, expected) => {
    expect(idiomHeads(query)).toEqual(expected);
  });
});

describe("leadingVerbNoun", () => {
  it.each([
    ["store a fact about a person", "store"],
    ["Please bill Acme for 40 hours", "bill"],
    ["can you book a room for friday", "book"],
    // Only as the request's verb: the noun elsewhere, and verbs tools name by themselves, are not.
    ["list the products in the store", null],
    ["what's in the store", null],
    ["record my clicks", null],
  ])("%s", (request, expected) => {
    expect(leadingVerbNoun(request)).toBe(expected);
  });
});
