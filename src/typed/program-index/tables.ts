/**
 * Dispatch tables: the object literal a table variable is declared as, and its members, its own and
 * those of the tables spread into it (what a project factory returns, or another table variable).
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { factoryCalled, returnedValues } from "./arguments.js";
import { keyText, skipOuter, unaliased } from "./declarations.js";
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

/** The tables a spread puts in: the object literals a project factory returns, or the literal a table variable is declared as. */
function spreadTables(checker: ts.TypeChecker, expression: ts.Expression): ts.ObjectLiteralExpression[] {
  const factory = factoryCalled(checker, expression);
  if (factory) return returnedValues(factory).filter((value): value is ts.ObjectLiteralExpression => typescript.isObjectLiteralExpression(value));
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
 * (`const handlers = SERVICE_HANDLERS`), and for a lookup in a table of tables
 * (`const handlers = HANDLERS_BY_SERVICE[service]`) the tables its members are or name.
 */
export function tableLiterals(checker: ts.TypeChecker, expression: ts.Expression, depth = 0, nested = false): TableLiteral[] {
  const value = skipOuter(expression);
  if (typescript.isObjectLiteralExpression(value)) return [{ literal: value, nested }];
  if (depth >= MAX_TABLE_DEPTH) return [];
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
