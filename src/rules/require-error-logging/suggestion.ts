/**
 * The suggestion of `require-error-logging`: log the caught error, with the tool's name, as the
 * catch's first statement; a catch without a parameter gets one. `console.error` writes to
 * stderr, safe beside a stdio transport, which owns stdout; and unlike a logger's method, its
 * arguments mean the same everywhere (pino takes an object first, winston a message).
 */
import { AST_NODE_TYPES, AST_TOKEN_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { mentionsName } from "../../util/ast.js";
import { quote } from "../shared/fix.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

export interface LogSuggestion {
  /** The statement inserted, for the suggestion's message. */
  readonly statement: string;
  readonly fix: TSESLint.ReportFixFunction;
}

/** The statement that logs the error and the fix that inserts it, or undefined on a shape the fix does not handle. */
export function logSuggestion(sourceCode: SourceCode, clause: TSESTree.CatchClause, label: string): LogSuggestion | undefined {
  const param = clause.param;
  if (param && param.type !== AST_NODE_TYPES.Identifier) return undefined;
  const error = param?.name ?? freeName(sourceCode, clause);
  if (error === undefined) return undefined;
  const statement = `console.error(${quote(`${label} failed:`)}, ${error});`;
  const keyword = sourceCode.getFirstToken(clause);
  const brace = sourceCode.getFirstToken(clause.body);
  const next = brace ? sourceCode.getTokenAfter(brace, { includeComments: true }) : null;
  if (!keyword || !brace || !next) return undefined;
  // The statement goes first, before any comment: on a line of its own with the indentation of
  // what follows, or beside the brace when the body starts on the brace's line.
  const lineStart = next.loc.start.line > brace.loc.end.line ? leadingSpace(sourceCode, next.loc.start) : undefined;
  const outer = leadingSpace(sourceCode, clause.parent.loc.start);
  const text =
    next.value === "}" && next.type === AST_TOKEN_TYPES.Punctuator
      ? outer === undefined
        ? ` ${statement} `
        : `\n${outer}  ${statement}\n${outer}`
      : lineStart === undefined
        ? ` ${statement}`
        : `\n${lineStart}${statement}`;
  return {
    statement,
    fix: (fixer) => [...(param ? [] : [fixer.insertTextAfter(keyword, ` (${error})`)]), fixer.insertTextAfter(brace, text)],
  };
}

/** The whitespace before a position on its line, when nothing else stands before it. */
function leadingSpace(sourceCode: SourceCode, position: TSESTree.Position): string | undefined {
  const line = sourceCode.lines[position.line - 1] ?? "";
  const before = line.slice(0, position.column);
  return /^\s*$/u.test(before) ? before : undefined;
}

/** A name for a new catch parameter that nothing in the catch body uses. */
function freeName(sourceCode: SourceCode, clause: TSESTree.CatchClause): string | undefined {
  return ["error", "err", "cause"].find((name) => !mentionsName(sourceCode, clause.body, new Set([name]), "subtree"));
}
