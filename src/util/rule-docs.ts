/** Extra `meta.docs` fields our rules declare; configs are derived from them. */
export interface McpErrorsRuleDocs {
  /** The config that first turns the rule on: `recommended` implies `strict` and `all`. */
  recommended?: "recommended" | "strict";
  /** The rule needs type information (only in the `*-type-checked` configs). */
  requiresTypeChecking?: boolean;
}

/**
 * What the configs read of a rule (its docs and deprecation): a type of its own, so that the
 * plugin's published types name no typescript-eslint package.
 */
export interface RuleDocsView {
  readonly meta: { readonly docs?: McpErrorsRuleDocs; readonly deprecated?: unknown };
}
