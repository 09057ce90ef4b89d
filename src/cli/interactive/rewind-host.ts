// The session host's /rewind (§23): the points and the rewind read and write the session file of the moment
// (a new one after /clear), and a rewound conversation becomes the agent's messages.
import type { ModelMessage } from "ai";
import {
  listRewindPoints,
  rewindSession,
  type SessionSource,
  type SessionTarget,
} from "../../core/checkpoints/rewind.js";
import type { RewindView } from "./host.js";

export function rewindView(
  store: SessionSource,
  writer: () => SessionTarget,
  agent: () => { load(messages: readonly ModelMessage[]): void } | undefined,
): RewindView {
  return {
    points: () => listRewindPoints(store, writer()),
    apply: (index, scope) => {
      const r = rewindSession(store, writer(), index, scope);
      if (r.ok && r.session !== undefined) agent()?.load(r.session.messages);
      return r;
    },
  };
}
