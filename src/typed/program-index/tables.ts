/**
 * Dispatch tables: the object literal a table variable is declared as, and its members, its own and
 * those of the tables spread into it (what a project factory returns, or another table variable).
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { factoryCalled, returnedValues } from "./arguments.js";
import { functionOf, functionOfNamedValue, functionValue, keyText, skipOuter, unaliased } from "./declarations.js";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { unwrap } from "../../util/ast.js";
import { type FileEntries, type FileEntry, type Target, isProjectFile } from "./file-entry.js";

/** The object literal a table variable is declared as (`const HANDLERS = { ... }`). */
export function tableLiteral(declaration: ts.Declaration | undefined): ts.ObjectLiteralExpression | undefined {
  if (!declaration || !typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const literal = skipOuter(declaration.initializer);
  return typescript.isObjectLiteralExpression(literal) ? literal : undefined;
}

/** How many spreads deep a table is read (`{ ...a }` where `a` is `{ ...b }`). */
const MAX_SPREAD = 3;

/**
 * The members of a dispatch table: its own, and those of every table spread into it,
 * the object literals a project factory returns (`...createWidgetHandlers(api)`) or another
 * table variable (`...OTHER_HANDLERS`), of any file.
 */
export function tableMembers(checker: ts.TypeChecker, literal: ts.ObjectLiteralExpression, depth: number): ts.ObjectLiteralElementLike[] {
  const members: ts.ObjectLiteralElementLike[] = [];
  for (const member of literal.properties) {
    if (!typescript.isSpreadAssignment(member)) {
      members.push(member);
      continue;
    }
    if (depth >= MAX_SPREAD) continue;
    for (const inner of spreadTables(checker, member.expression))
      if (isProjectFile(inner.getSourceFile())) members.push(...tableMembers(checker, inner, depth + 1));
  }
  return members;
}

/** `buildExecutors(session)`: the object literals the project factory called returns; undefined when no project factory is called. */
function factoryTables(checker: ts.TypeChecker, expression: ts.Expression): ts.ObjectLiteralExpression[] | undefined {
  const factory = factoryCalled(checker, expression);
  return factory ? returnedValues(factory).filter((value): value is ts.ObjectLiteralExpression => typescript.isObjectLiteralExpression(value)) : undefined;
}

/** The tables a spread puts in: the object literals a project factory returns, or the literal a table variable is declared as. */
function spreadTables(checker: ts.TypeChecker, expression: ts.Expression): ts.ObjectLiteralExpression[] {
  const made = factoryTables(checker, expression);
  if (made) return made;
  const spread = skipOuter(expression);
  const table = typescript.isIdentifier(spread) ? tableLiteral(unaliased(checker, checker.getSymbolAtLocation(spread))?.valueDeclaration) : undefined;
  return table ? [table] : [];
}

/** How many variables and lookups deep a table expression is followed. */
const MAX_TABLE_DEPTH = 4;

/** A table a lookup reads, and whether its keys are what was looked up in a table of tables (not tool names). */
export interface TableLiteral {
  readonly literal: ts.ObjectLiteralExpression;
  readonly nested: boolean;
}

/**
 * The object literals a table expression may be: the literal itself, what a variable is declared as
 * (`const handlers = SERVICE_HANDLERS`), what a project factory returns (`buildExecutors(session)`),
 * and for a lookup in a table of tables (`const handlers = HANDLERS_BY_SERVICE[service]`) the
 * tables its members are or name.
 */
export function tableLiterals(checker: ts.TypeChecker, expression: ts.Expression, depth = 0, nested = false): TableLiteral[] {
  const value = skipOuter(expression);
  if (typescript.isObjectLiteralExpression(value)) return [{ literal: value, nested }];
  if (depth >= MAX_TABLE_DEPTH) return [];
  // `const executors = buildExecutors(session)`: the object literals the project factory returns.
  const made = factoryTables(checker, value);
  if (made) return made.map((literal) => ({ literal, nested }));
  if (typescript.isIdentifier(value)) {
    const declaration = unaliased(checker, checker.getSymbolAtLocation(value))?.valueDeclaration;
    const initializer = declaration && typescript.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
    return initializer ? tableLiterals(checker, initializer, depth + 1, nested) : [];
  }
  if (typescript.isElementAccessExpression(value)) {
    // `BY_SERVICE["invoices"]`: that member only.
    const key = typescript.isStringLiteralLike(value.argumentExpression) ? value.argumentExpression.text : undefined;
    return tableLiterals(checker, value.expression, depth + 1, nested).flatMap(({ literal }) =>
      tableMembers(checker, literal, 0).flatMap((member) => {
        if (key !== undefined && member.name && keyText(checker, member.name) !== key) return [];
        const inner = typescript.isPropertyAssignment(member)
          ? member.initializer
          : typescript.isShorthandPropertyAssignment(member)
            ? member.name
            : undefined;
        return inner ? tableLiterals(checker, inner, depth + 1, true) : [];
      }),
    );
  }
  return [];
}

/**
 * The members a lookup in a table expression may call, with whether they sit in a table of tables.
 * `local`: a member written in a table of the linted file (`fileName`) that the lookup names
 * itself, whose functions of that file are the model's to read.
 */
export function lookedUpMembers(
  checker: ts.TypeChecker,
  expression: ts.Expression,
  fileName: string,
): { member: ts.ObjectLiteralElementLike; nested: boolean; local: boolean }[] {
  const direct = typescript.isIdentifier(expression)
    ? tableLiteral(unaliased(checker, checker.getSymbolAtLocation(expression))?.valueDeclaration)
    : undefined;
  return tableLiterals(checker, expression)
    .filter(({ literal }) => isProjectFile(literal.getSourceFile()))
    .flatMap(({ literal, nested }) => {
      // The members written in it (not spread in), when it is the linted file's own table.
      const own = literal === direct && literal.getSourceFile().fileName === fileName ? new Set(literal.properties) : undefined;
      return tableMembers(checker, literal, 0).map((member) => ({ member, nested, local: own?.has(member) === true }));
    });
}

/**
 * The functions of a dispatch table declared as an object literal in another file of the
 * project (`export const HANDLERS = { get_widget: async (args) => ... }`), each named by its key,
 * and of the tables spread into it (`{ ...createWidgetHandlers(api), ...OTHER_HANDLERS }`, what a
 * project factory returns or another literal). The functions of this file that a table of this
 * file names are the model's to read; those it imports (`{ get_votes: handleGetVotes }`) and what
 * is spread into it are the index's.
 */
export function tableTargets(checker: ts.TypeChecker, files: FileEntries, entry: FileEntry, table: TSESTree.Node): Target[] {
  const object = unwrap(table);
  if (object.type !== AST_NODE_TYPES.Identifier && !(object.type === AST_NODE_TYPES.MemberExpression && object.computed)) return [];
  const members = lookedUpMembers(checker, entry.services.esTreeNodeToTSNodeMap.get(object) as ts.Expression, entry.fileName);
  const targets: Target[] = [];
  for (const { member, nested, local } of members) {
    // In a table of tables the keys name the looked-up operation (`createAccount`), not a tool.
    const key = member.name && !nested ? keyText(checker, member.name) : undefined;
    const fn = functionOf(member) ?? functionOfNamedValue(checker, member);
    // `{ get_widget: getWidget }`: the function may be declared in a third file, imported by the table's.
    const target = fn && isProjectFile(fn.getSourceFile()) ? files.entryOf(fn.getSourceFile()) : undefined;
    const node = fn ? target?.services.tsNodeToESTreeNodeMap.get(fn) : undefined;
    const estree = node ? functionValue(node) : undefined;
    if (local && target === entry) continue;
    if (target && estree && (key !== undefined || nested)) targets.push({ entry: target, fn: estree, toolName: key, dispatcherName: local });
  }
  return targets;
}
