/**
 * Handlers made by a wrapper call, found through the value that names them: a registry member
 * `{ title: "list_notes", tool: withErrorHandling(listNotes, "Error listing notes") }`, or
 * `tool: publishItem` with `const publishItem = publishItemTool(config)` and a factory that
 * returns `withErrorHandling(tool, "...")`. The wrapper's returned function runs the function it
 * was given inside its catches: that function is the tool's handler, behind those catches.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { CATCHES_ALL, type CatchGuard, CatchReader, wrappedHandlerIndex, wrapperCall } from "../../model/index.js";
import { isFunctionNode, returnsParam, unwrap } from "../../util/ast.js";
import { functionValue, skipOuter, unaliased } from "./declarations.js";
import { factoryOf, returnedValues } from "./arguments.js";
import { type FileEntries, type FileEntry, isProjectFile } from "./file-entry.js";

/** How many `const` and factory steps are followed from a member to the wrapper call. */
const MAX_DEPTH = 3;

/** A function a wrapped value runs, with the catches of the wrappers around it (innermost first). */
export interface WrappedTarget {
  readonly entry: FileEntry;
  readonly fn: TSESTree.Node;
  readonly guards: readonly CatchGuard[];
}

/**
 * The functions that the wrapper calls making `declaration`'s value hand to their wrapper, each
 * with the catches around the wrapper's call of it. A call whose callee does not return a
 * function that calls the argument is no wrapper (unknown means nothing is followed).
 */
export function wrappedTargets(
  checker: ts.TypeChecker,
  files: FileEntries,
  declaration: ts.Declaration,
  resolve: (entry: FileEntry, expression: TSESTree.Node) => readonly { entry: FileEntry; fn: TSESTree.Node; guards?: readonly CatchGuard[] }[],
): WrappedTarget[] {
  const targets: WrappedTarget[] = [];
  for (const call of valueCalls(checker, declaration, 0)) {
    const entry = isProjectFile(call.getSourceFile()) ? files.entryOf(call.getSourceFile()) : undefined;
    const estreeCall = entry?.services.tsNodeToESTreeNodeMap.get(call);
    if (!entry || estreeCall?.type !== AST_NODE_TYPES.CallExpression) continue;
    const index = wrappedHandlerIndex(estreeCall);
    const argument = index === -1 ? undefined : estreeCall.arguments[index];
    const guards = argument ? wrapperGuards(checker, files, call, index) : undefined;
    if (!argument || !guards) continue;
    const inner = unwrap(argument);
    const found = isFunctionNode(inner) ? [{ entry, fn: inner as TSESTree.Node, guards: [] }] : resolve(entry, inner);
    for (const target of found) targets.push({ entry: target.entry, fn: target.fn, guards: [...(target.guards ?? []), ...guards] });
  }
  return targets;
}

/**
 * The catches the called wrapper's returned function puts around its call of parameter `index`;
 * undefined when the callee is no function of the project that returns one calling it.
 */
function wrapperGuards(checker: ts.TypeChecker, files: FileEntries, call: ts.CallExpression, index: number): readonly CatchGuard[] | undefined {
  const declaration = unaliased(checker, checker.getSymbolAtLocation(call.expression))?.valueDeclaration;
  // `export const run = withTelemetry(runImpl, { name })` with a wrapper of a package (installed or
  // not): a value that is called runs the function handed to it, behind catches no file shows.
  // What it throws is taken as caught (unknown means silent); what it calls is on the path.
  if (!declaration || !isProjectFile(declaration.getSourceFile())) return isConstValue(call) ? [CATCHES_ALL] : undefined;
  const fn = typescript.isFunctionDeclaration(declaration)
    ? declaration
    : typescript.isVariableDeclaration(declaration) && declaration.initializer
      ? skipOuter(declaration.initializer)
      : undefined;
  if (!fn) return undefined;
  const entry = files.entryOf(fn.getSourceFile());
  const node = entry?.services.tsNodeToESTreeNodeMap.get(fn);
  const wrapper = node ? functionValue(node) : undefined;
  if (!entry || !wrapper || !isFunctionNode(wrapper)) return undefined;
  const wrapped = wrapperCall(wrapper, index);
  if (wrapped) return new CatchReader(entry.sourceCode).aroundParamCalls(wrapped.fn, wrapped.param);
  // `gated(ok, handler)` handing back what it was given: no catch around it.
  return returnsParam(entry.sourceCode, wrapper, index) ? [] : undefined;
}

/** `const run = wrap(impl)`: the wrapper's value named by a `const` (which the index follows only where it is called). */
function isConstValue(call: ts.CallExpression): boolean {
  const holder = call.parent;
  if (!typescript.isVariableDeclaration(holder) || holder.initializer !== call || !typescript.isIdentifier(holder.name)) return false;
  return typescript.isVariableDeclarationList(holder.parent) && (holder.parent.flags & typescript.NodeFlags.Const) !== 0;
}

/** The calls that make a member's or a `const`'s value: written there, or returned by the project factory called there. */
function valueCalls(checker: ts.TypeChecker, declaration: ts.Declaration, depth: number): ts.CallExpression[] {
  if (depth > MAX_DEPTH) return [];
  let value: ts.Expression | undefined;
  if (typescript.isPropertyAssignment(declaration) || typescript.isVariableDeclaration(declaration)) value = declaration.initializer;
  else if (typescript.isShorthandPropertyAssignment(declaration)) {
    const next = checker.getShorthandAssignmentValueSymbol(declaration)?.valueDeclaration;
    return next ? valueCalls(checker, next, depth + 1) : [];
  }
  if (!value) return [];
  value = skipOuter(value);
  if (typescript.isAwaitExpression(value)) value = skipOuter(value.expression);
  // `tool: publishItem`: the `const` it names.
  if (typescript.isIdentifier(value)) {
    const next = unaliased(checker, checker.getSymbolAtLocation(value))?.valueDeclaration;
    return next && typescript.isVariableDeclaration(next) ? valueCalls(checker, next, depth + 1) : [];
  }
  if (!typescript.isCallExpression(value)) return [];
  const factory = typescript.isVariableDeclaration(declaration) ? factoryOf(checker, declaration) : undefined;
  const returned = factory ? returnedValues(factory).filter((v): v is ts.CallExpression => typescript.isCallExpression(v)) : [];
  return [value, ...returned];
}
