/**
 * Dispatch tables: the object literal a table variable is declared as, and its members, its own and
 * those of the tables spread into it (what a project factory returns, or another table variable).
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { factoryCalled, returnedValues } from "./arguments.js";
import { skipOuter, unaliased } from "./declarations.js";
import { isProjectFile } from "./file-entry.js";

/** The object literal a table variable is declared as (`const HANDLERS = { ... }`). */
export function tableLiteral(declaration: ts.Declaration | undefined): ts.ObjectLiteralExpression | undefined {
  if (!declaration || !typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const literal = skipOuter(declaration.initializer);
  return typescript.isObjectLiteralExpression(literal) ? literal : undefined;
}

/** How many spreads deep a table is read (`{ ...a }` where `a` is `{ ...b }`). */
const MAX_SPREAD = 3;

/**
 * The members of a dispatch table: its own (when `own`), and those of every table spread into it,
 * the object literals a project factory returns (`...createWidgetHandlers(api)`) or another
 * table variable (`...OTHER_HANDLERS`), of any file.
 */
export function tableMembers(checker: ts.TypeChecker, literal: ts.ObjectLiteralExpression, own: boolean, depth: number): ts.ObjectLiteralElementLike[] {
  const members: ts.ObjectLiteralElementLike[] = [];
  for (const member of literal.properties) {
    if (!typescript.isSpreadAssignment(member)) {
      if (own) members.push(member);
      continue;
    }
    if (depth >= MAX_SPREAD) continue;
    for (const inner of spreadTables(checker, member.expression))
      if (isProjectFile(inner.getSourceFile())) members.push(...tableMembers(checker, inner, true, depth + 1));
  }
  return members;
}

/** The tables a spread puts in: the object literals a project factory returns, or the literal a table variable is declared as. */
function spreadTables(checker: ts.TypeChecker, expression: ts.Expression): ts.ObjectLiteralExpression[] {
  const factory = factoryCalled(checker, expression);
  if (factory) return returnedValues(factory).filter((value): value is ts.ObjectLiteralExpression => typescript.isObjectLiteralExpression(value));
  const spread = skipOuter(expression);
  const table = typescript.isIdentifier(spread) ? tableLiteral(unaliased(checker, checker.getSymbolAtLocation(spread))?.valueDeclaration) : undefined;
  return table ? [table] : [];
}
