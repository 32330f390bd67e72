/**
 * Constructions on tool paths of classes of other files (`const github = new GitHubClient()` in a
 * tool): the class's constructor runs there, and what it throws leaves the construction.
 */
import type ts from "typescript";
import type { TSESTree } from "@typescript-eslint/types";
import { mayLeaveFile } from "./callees.js";
import { declaredConstructor, functionValue, unaliased } from "./declarations.js";
import { type FileEntries, type FileEntry, type Target, isProjectFile } from "./file-entry.js";

/** What each construction was resolved to: the fixed point asks again whenever a new tool reaches its file. */
const resolved = new WeakMap<TSESTree.NewExpression, Target[]>();

/** The constructor `new Client(key)` runs: of a project class, when the class declares one. */
export function constructorTargets(checker: ts.TypeChecker, files: FileEntries, entry: FileEntry, construction: TSESTree.NewExpression): Target[] {
  if (!mayLeaveFile(entry, construction.callee)) return [];
  let targets = resolved.get(construction);
  if (!targets) {
    const symbol = unaliased(checker, checker.getSymbolAtLocation(entry.services.esTreeNodeToTSNodeMap.get(construction.callee)));
    const ctor = declaredConstructor(symbol?.valueDeclaration);
    const target = ctor && isProjectFile(ctor.getSourceFile()) ? files.entryOf(ctor.getSourceFile()) : undefined;
    const node = ctor ? target?.services.tsNodeToESTreeNodeMap.get(ctor) : undefined;
    const fn = node ? functionValue(node) : undefined;
    targets = target && fn ? [{ entry: target, fn, toolName: undefined }] : [];
    resolved.set(construction, targets);
  }
  return targets;
}
