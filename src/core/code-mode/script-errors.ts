// How a script's end reads (pure): the script's own stack frames, and the message of each limit that stops a
// script, naming the setting that raises it.
import type { CodeLimits } from "./limits.js";
import { SCRIPT_FILE } from "./prelude.js";

const STACK_LINES = 8;

/** Why a script was stopped from outside (a limit or the user), as opposed to failing by itself. */
export type ScriptStop = "cpu" | "memory" | "wall" | "calls" | "cancelled" | "stuck";

export interface ScriptError {
  name: string;
  message: string;
  /** The script's frames only (`script.js:LINE:COL`), at most a few. */
  stack: string;
  stop?: ScriptStop;
}

/** The frames in the script itself, renamed so the model reads "line N" of what it wrote. */
export function scriptFrames(stack: string): string {
  return stack
    .split("\n")
    .filter((l) => l.includes(`(${SCRIPT_FILE}:`) && !l.includes("<eval>"))
    .slice(0, STACK_LINES)
    .map((l) => l.trim().replace(`(${SCRIPT_FILE}:`, "(line "))
    .join("\n");
}

export function stopMessage(stop: ScriptStop, l: CodeLimits): string {
  switch (stop) {
    case "cpu":
      return `the script used more than ${l.cpuMs} ms of CPU time and was stopped (an endless loop?); "codeMode.cpuMs" in settings.json raises the limit`;
    case "memory":
      return `the script ran out of memory (its isolate may use ${l.memoryMb} MB) and was stopped; "codeMode.memoryMb" in settings.json raises the limit`;
    case "wall":
      return `the script ran longer than ${l.wallMs} ms and was stopped with its unfinished tool calls; "codeMode.wallMs" in settings.json raises the limit`;
    case "calls":
      return `the script made more than ${l.maxCalls} tool calls and was stopped; make fewer calls per script, or raise "codeMode.maxCalls" in settings.json`;
    case "cancelled":
      return "the script was cancelled by the user";
    case "stuck":
      return "the script awaits a promise that nothing will settle (the isolate has no timers or events; only tool calls settle promises)";
  }
}
