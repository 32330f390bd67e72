/**
 * Roots: the functions of a file that run on the path of a tool registered in another file, as the
 * fixed point finds them. A file keeps them by function (range key), then by tool.
 */
import { CATCHES_ALL, type CatchGuard, type ImportedRoot, type ToolHandler, stopsAll } from "../../model/index.js";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { memberName, rangeKey, unwrap } from "../../util/ast.js";
import type { FileEntry } from "./file-entry.js";
import type { Target } from "./resolver.js";

/** Every root of a file, of every tool. */
export function rootsOf(entry: FileEntry): ImportedRoot[] {
  return [...entry.roots.values()].flatMap((byOrigin) => [...byOrigin.values()]);
}

/**
 * The tool a root stands for: its origin, and its name, because one registration can serve
 * several tools (`for (const tool of Object.values(tools)) server.tool(tool.name, ..., tool.execute)`).
 */
export function toolOf(root: ImportedRoot): string {
  return `${root.origin}|${root.toolName ?? ""}`;
}

/** Adds or widens a root; true when something changed (a path with fewer catches wins: it lets more through). */
export function addRoot(entry: FileEntry, root: ImportedRoot): boolean {
  const key = rangeKey(root.range);
  let byTool = entry.roots.get(key);
  if (!byTool) entry.roots.set(key, (byTool = new Map<string, ImportedRoot>()));
  const tool = toolOf(root);
  const existing = byTool.get(tool);
  if (existing && !lessGuarded(root, existing)) return false;
  byTool.set(tool, root);
  return true;
}

/** The key of the tool a root stands for: its handler's registration (the inventory joins the tool's records by it). */
export function rootOrigin(fileName: string, handler: ToolHandler, toolName: string | undefined): string {
  const region = handler.region ? String(handler.region.range[0]) : "";
  return handler.origin ?? `${fileName}:${String(handler.registration.range[0])}:${String(handler.entry.range[0])}:${region}:${toolName ?? ""}`;
}

/** The imported root that stands for `handler` (or for the tool it stands for) at a target. */
export function rootFor(
  fileName: string,
  handler: ToolHandler,
  target: Target,
  guards: readonly CatchGuard[],
  call?: TSESTree.CallExpression,
): ImportedRoot {
  // A central dispatcher that runs registry entries serves the tool each entry names. A class that
  // implements the receiver's interface names a tool only there: called by one tool's handler
  // (`connector.id()` on a database connector), its `name` is the engine's; so does a key of a
  // table of the handler's own file (`GENERATORS[args.reportType]` picks an operation).
  const dispatcher = handler.kind === "low-level" || handler.kind === "low-level-case" || handler.dispatcher === true;
  const toolName = handler.toolName ?? (target.dispatcherName === true && !dispatcher ? undefined : target.toolName);
  return {
    range: target.fn.range,
    origin: rootOrigin(fileName, handler, toolName),
    toolName,
    framework: handler.framework,
    thrown: handler.thrown,
    guards: handler.thrown === "unknown" ? [CATCHES_ALL] : [...(target.guards ?? []), ...guards],
    // A function a dispatcher hands the tool's name to (`dispatch(name, args)`) dispatches the tools still.
    ...(dispatcher && toolName === undefined && call !== undefined && passesToolName(call) ? { dispatcher: true } : {}),
  };
}

/** `root` lets more errors through than `existing`: it stops fewer (or none where the other stops all). */
function lessGuarded(root: ImportedRoot, existing: ImportedRoot): boolean {
  const stops = stopsAll(root.guards);
  const stopped = stopsAll(existing.guards);
  if (stops !== stopped) return stopped;
  return !stops && root.guards.length < existing.guards.length;
}

/** Names a dispatcher reads the called tool's name into (`name`, `request.params.name`, `toolName`). */
const TOOL_NAME = /^(name|toolName|tool_name|tool)$/u;

/** The call hands on the name of the tool called: `dispatch(name, args)`, `run(request.params.name, ...)`. */
function passesToolName(call: TSESTree.CallExpression): boolean {
  return call.arguments.some((argument) => {
    const value = unwrap(argument);
    if (value.type === AST_NODE_TYPES.Identifier) return TOOL_NAME.test(value.name);
    return value.type === AST_NODE_TYPES.MemberExpression && TOOL_NAME.test(memberName(value) ?? "");
  });
}
