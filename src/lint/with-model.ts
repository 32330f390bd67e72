/**
 * The lint lifecycle of the MCP model: one model per linted file, built by the first rule that
 * reads it and let go by the last. The one module that joins the per-file model (`model/`) with
 * the program index of typed linting (`typed/`); see docs/architecture.md for why it is shaped
 * this way.
 */
import type { TSESLint } from "@typescript-eslint/utils";
import { type ImportedFacts, type McpModel, buildModel } from "../model/index.js";
import { getCallSettings } from "../settings.js";
import { TYPE_ORACLE } from "../typed/oracle.js";
import { factsAcrossProjects } from "../typed/program-index/index.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * The file being linted: its model once built, what the program index knows about it (null:
 * nothing, or no typed linting; undefined: not looked up yet), and how many rules of this lint
 * still have to read it. One slot, which the last reader empties, rather than a WeakMap: see
 * docs/architecture.md#lifetimes.
 */
let current: { readonly sourceCode: SourceCode; model: McpModel | undefined; imported: ImportedFacts | null | undefined; readers: number } | undefined;

function slotOf(sourceCode: SourceCode): NonNullable<typeof current> {
  if (current?.sourceCode !== sourceCode) current = { sourceCode, model: undefined, imported: undefined, readers: 0 };
  return current;
}

/** A rule of this lint is done with the model: the last one lets the file go. */
function release(slot: NonNullable<typeof current>): void {
  slot.readers -= 1;
  if (slot.readers > 0 || current !== slot) return;
  current = undefined;
}

/**
 * With typed linting, the functions of this file that tools of other files call (from the
 * program index); undefined without a program. A failure of the index never fails the lint.
 */
function programFacts(context: Context): ImportedFacts | undefined {
  const program = context.sourceCode.parserServices?.program;
  if (!program) return undefined;
  try {
    return factsAcrossProjects(program, context.filename);
  } catch (error) {
    if (process.env.MCP_ERRORS_DEBUG) throw error;
    return undefined;
  }
}

/** The memoized model of the file being linted, built now (rules use `withModel`). */
export function getModel(context: Context): McpModel {
  return modelIn(slotOf(context.sourceCode), context);
}

function modelIn(slot: NonNullable<typeof current>, context: Context): McpModel {
  slot.model ??= buildModel(context.sourceCode, "traversal", importedIn(slot, context), TYPE_ORACLE, getCallSettings(context.settings));
  return slot.model;
}

/** What the program index knows about the file (typed linting), looked up once per lint. */
function importedIn(slot: NonNullable<typeof current>, context: Context): ImportedFacts | undefined {
  if (slot.imported === undefined) slot.imported = programFacts(context) ?? null;
  return slot.imported ?? undefined;
}

/**
 * Runs `check` with the file's model once the traversal is over. The first rule to read it
 * builds it from the steps of ESLint's traversal; the others get the same model.
 */
export function withModel(context: Context, check: (model: McpModel) => void): TSESLint.RuleListener {
  const slot = slotOf(context.sourceCode);
  if (!slot.model) importedIn(slot, context);
  slot.readers += 1;
  return {
    "Program:exit": () => {
      try {
        check(modelIn(slot, context));
      } finally {
        release(slot);
      }
    },
  };
}
