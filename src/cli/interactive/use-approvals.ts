// Project servers awaiting approval (§8.2) are offered once each per session; approving stores the
// approval of the definition as written and starts the server, declining leaves it stopped.
import { useCallback, useState, type Dispatch } from "react";
import { errorMessage } from "../../core/errors.js";
import { wideningNotes } from "../../core/permissions/approvals.js";
import { approvalSubject } from "../../core/config/dotenv-boundary.js";
import type { ServerSnapshot } from "../../core/mcp/servers/state.js";
import type { ApprovalRequest } from "./ApprovalPrompt.js";
import { describeDefinition } from "./format.js";
import type { SessionHost } from "./host.js";
import type { TranscriptAction } from "./transcript.js";

export interface Approvals {
  request: ApprovalRequest | undefined;
  answer: (approve: boolean) => void;
}

export function useApprovals(
  host: SessionHost,
  servers: readonly ServerSnapshot[],
  dispatch: Dispatch<TranscriptAction>,
): Approvals {
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());
  const snap = servers.find((s) => s.state.status === "needs-approval" && !answered.has(s.name));
  const request =
    snap === undefined
      ? undefined
      : {
          name: snap.name,
          source: snap.source,
          runs: describeDefinition(snap),
          remote: snap.transport !== "stdio",
          widens: wideningNotes(snap.definition.raw),
        };

  const answer = useCallback(
    (approve: boolean) => {
      if (snap === undefined) return;
      setAnswered((a) => new Set([...a, snap.name]));
      const notice = (level: "info" | "error", text: string) =>
        dispatch({ type: "add", items: [{ kind: "notice", level, text }] });
      if (!approve) {
        notice(
          "info",
          `${snap.name} left stopped; approve it later with: codeagent mcp approve ${snap.name}`,
        );
        return;
      }
      try {
        host.approve(snap.name, approvalSubject(snap.definition));
        host.manager.approved(snap.name);
        notice("info", `${snap.name} approved for this project; starting…`);
      } catch (e) {
        notice("error", `could not approve ${snap.name}: ${errorMessage(e)}`);
      }
    },
    [snap, host, dispatch],
  );
  return { request, answer };
}
